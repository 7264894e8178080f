/**
 * The period picker: today, 7, 30 or 90 days as toggle buttons, or custom dates (two date
 * fields and "Show"), checked with the same rule as the API (src/domain/analytics-range.ts) so a
 * wrong pair is explained here, next to the fields. Keyboard: Tab through the buttons, Enter in a
 * date field shows the period.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { customRangeProblem, resolveRange, type AnalyticsRange } from '@/domain/analytics-range';
import { Button } from '@/web/components/ui/button';
import { FieldError } from '@/web/components/ui/field-error';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import type { RangeSelection } from '../utils/range-selection';

const PRESETS: Exclude<AnalyticsRange, 'custom'>[] = ['today', '7d', '30d', '90d'];

export interface RangePickerProps {
  value: RangeSelection;
  onChange: (selection: RangeSelection) => void;
  /** The request's "now" (today is its Tampa date). */
  now: Date;
}

export function RangePicker({ value, onChange, now }: RangePickerProps) {
  const { t } = useTranslation();
  const [customOpen, setCustomOpen] = useState(value.range === 'custom');
  const initial = value.range === 'custom' ? value : resolveRange(value.range, now);
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [problem, setProblem] = useState<string | null>(null);
  // The custom fields show while chosen, or while the page shows a custom period (a shared link).
  const showCustom = customOpen || value.range === 'custom';

  function applyCustom(event: FormEvent) {
    event.preventDefault();
    const found = customRangeProblem(from, to, now);
    setProblem(found);
    if (!found) onChange({ range: 'custom', from, to });
  }

  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label={t('analytics.range.label')} className="flex flex-wrap gap-2">
        {PRESETS.map((range) => (
          <Button
            key={range}
            variant={value.range === range && !showCustom ? 'default' : 'outline'}
            size="sm"
            aria-pressed={value.range === range && !showCustom}
            onClick={() => {
              setCustomOpen(false);
              setProblem(null);
              onChange({ range });
            }}
          >
            {t(`analytics.range.${range}`)}
          </Button>
        ))}
        <Button variant={showCustom ? 'default' : 'outline'} size="sm" aria-pressed={showCustom} aria-expanded={showCustom} aria-controls="analytics-custom-range" onClick={() => setCustomOpen(true)}>
          {t('analytics.range.custom')}
        </Button>
      </div>
      {showCustom && (
        <form id="analytics-custom-range" noValidate onSubmit={applyCustom} className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <Label htmlFor="analytics-from">{t('analytics.range.from')}</Label>
            <Input id="analytics-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} className="w-44" aria-invalid={Boolean(problem)} aria-describedby={problem ? 'analytics-range-problem' : undefined} />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="analytics-to">{t('analytics.range.to')}</Label>
            <Input id="analytics-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} className="w-44" aria-invalid={Boolean(problem)} aria-describedby={problem ? 'analytics-range-problem' : undefined} />
          </div>
          <Button type="submit" size="sm" className="h-10">
            {t('analytics.range.apply')}
          </Button>
          <div className="basis-full">
            <FieldError id="analytics-range-problem" message={problem ? t(problem) : null} />
          </div>
        </form>
      )}
    </div>
  );
}
