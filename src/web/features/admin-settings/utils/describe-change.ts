/**
 * A settings change in words, for the history and for a conflict's "saved now": which field
 * (`adminSettings.fields.*`, with the weekday for business hours) and its old and new values
 * written the way the page shows them — money in dollars, the tax rate as a percentage, times of
 * day on the Tampa clock, a closed day as "Closed", ZIP codes as those added and removed.
 */
import type { TFunction } from 'i18next';
import { formatMinuteOfDay, formatNumber, formatPrice, formatTaxRate, weekdayName } from '@/domain/format';
import type { SettingChange } from '@/domain/settings-contract';

const CENTS_FIELDS = new Set(['unitPriceCents', 'paintCostPerRoomCents', 'approvalAboveHoldCents']);

/** Labels of nested fields (the others are `adminSettings.fields.<field>`). */
const NESTED_LABELS: Record<string, string> = {
  'refundBusinessDays.min': 'adminSettings.fields.refundDaysMin',
  'refundBusinessDays.max': 'adminSettings.fields.refundDaysMax',
};

function valueText(field: string, value: unknown, t: TFunction, language: string): string {
  if (value === null || value === undefined) return field === 'weeklyHours' ? t('adminSettings.history.closed') : t('adminSettings.history.none');
  if (typeof value === 'boolean') return value ? t('adminSettings.history.yes') : t('adminSettings.history.no');
  if (typeof value === 'number') {
    if (CENTS_FIELDS.has(field)) return formatPrice(value, language);
    if (field === 'taxRateBps') return formatTaxRate(value, language);
    if (field === 'openMinute' || field === 'closeMinute') return formatMinuteOfDay(value, language);
    return formatNumber(value, language, 2);
  }
  if (field === 'weeklyHours' && typeof value === 'object') {
    const day = value as { openMinute: number; closeMinute: number };
    return t('adminSettings.history.dayHours', { open: formatMinuteOfDay(day.openMinute, language), close: formatMinuteOfDay(day.closeMinute, language) });
  }
  if (field === 'phone' && typeof value === 'string') return value;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * @param change a changed field as the API lists it (`path` like "weeklyHours.1.openMinute")
 * @returns e.g. "Monday opens: 8:00 AM → 9:00 AM", "Price: $45.00 → $49.00",
 *   "ZIP codes: added 33606; removed 33603"
 */
export function describeChange(change: SettingChange, t: TFunction, language: string): string {
  const parts = change.path.split('.');
  if (parts[0] === 'zips' && Array.isArray(change.from) && Array.isArray(change.to)) {
    const before = new Set(change.from as string[]);
    const after = new Set(change.to as string[]);
    const list = (zips: string[]) => (zips.length > 0 ? zips.join(', ') : t('adminSettings.history.none'));
    return t('adminSettings.history.zipsChange', { added: list([...after].filter((zip) => !before.has(zip))), removed: list([...before].filter((zip) => !after.has(zip))) });
  }
  let field: string;
  let label: string;
  if (parts[0] === 'weeklyHours' && parts.length >= 2) {
    const day = weekdayName(Number(parts[1]), language);
    field = parts[2] ?? 'weeklyHours';
    label = t(`adminSettings.fields.${field}`, { day });
  } else {
    field = parts[parts.length - 1]!;
    label = NESTED_LABELS[change.path] ? t(NESTED_LABELS[change.path]!) : t(`adminSettings.fields.${field}`, { defaultValue: change.path });
  }
  return t('adminSettings.history.change', { field: label, from: valueText(field, change.from, t, language), to: valueText(field, change.to, t, language) });
}
