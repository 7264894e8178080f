/**
 * A report table with its title and a "CSV" button that downloads exactly its rows (utils/csv.ts).
 * Numbers are right-aligned; on a phone the table scrolls sideways inside its box, never the page,
 * and the box takes the keyboard focus so it can be scrolled with the arrow keys.
 */
import Download from 'lucide-react/icons/download';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { csvFileName, downloadCsv, toCsv, type CsvColumn } from '../utils/csv';

export interface Column<Row> extends CsvColumn<Row> {
  /** What the cell shows (default: the CSV value). */
  render?: (row: Row) => ReactNode;
  numeric?: boolean;
}

export interface DataTableProps<Row> {
  title: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The period, for the CSV file's name. */
  period: { from: string; to: string };
  /** Shown instead of the table when there are no rows. */
  empty?: string;
}

export function DataTable<Row>({ title, columns, rows, rowKey, period, empty }: DataTableProps<Row>) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="flex min-w-0 flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold text-slate-900">
          {title}
        </h3>
        <Button
          variant="outline"
          size="sm"
          disabled={rows.length === 0}
          aria-label={t('analytics.csv.downloadLabel', { table: title })}
          onClick={() => downloadCsv(csvFileName(title, period.from, period.to), toCsv(columns, rows))}
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          {t('analytics.csv.download')}
        </Button>
      </div>
      {rows.length === 0 && empty ? (
        <p className="text-sm text-slate-700">{empty}</p>
      ) : (
        <div tabIndex={0} role="group" aria-labelledby={titleId} className="overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {columns.map((column) => (
                  <th key={column.header} scope="col" className={cn('whitespace-nowrap px-3 py-2 font-medium', column.numeric && 'text-right')}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} className="border-t border-slate-200">
                  {columns.map((column, index) => {
                    const content = column.render ? column.render(row) : column.value(row);
                    return index === 0 ? (
                      <th key={column.header} scope="row" className={cn('px-3 py-2 font-medium text-slate-900', column.numeric && 'text-right tabular-nums')}>
                        {content}
                      </th>
                    ) : (
                      <td key={column.header} className={cn('px-3 py-2 text-slate-800', column.numeric && 'whitespace-nowrap text-right tabular-nums')}>
                        {content}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
