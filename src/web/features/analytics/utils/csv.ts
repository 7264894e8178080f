/**
 * CSV export of the analytics tables, made in the browser from the same answers the page shows
 * (docs/decisions/016-analytics.md): RFC 4180 (fields with a comma, quote or line break quoted,
 * quotes doubled, CRLF between records), UTF-8 with a byte-order mark so spreadsheet programs read
 * Spanish accents right. Text that a spreadsheet would run as a formula (starting with `=`, `+`,
 * `-`, `@`, a tab or a carriage return: paths and labels come from visitors) is prefixed with `'`
 * (OWASP, "CSV Injection"); numbers are written as numbers.
 */

export type CsvValue = string | number | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, quoted and defused as needed. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV text of a table: a header record, then one record per row. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const records = [columns.map((c) => csvField(c.header)), ...rows.map((row) => columns.map((c) => csvField(c.value(row))))];
  return records.map((fields) => fields.join(',')).join('\r\n') + '\r\n';
}

/** A file name from a table's title and the period: "analytics-by-day-2026-11-15-2026-11-21.csv". */
export function csvFileName(title: string, from: string, to: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `analytics-${slug || 'table'}-${from}-${to}.csv`;
}

/** Offers the text as a file download. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Cents as a plain dollar number for a spreadsheet: 4838 -> 48.38. */
export const centsToDollars = (cents: number | null): number | null => (cents === null ? null : Math.round(cents) / 100);
