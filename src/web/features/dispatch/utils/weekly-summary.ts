/**
 * A worker's weekly availability in a few words for the workers list: Monday first, each day's
 * ranges in Tampa time ("Mon 8:00 AM – 12:00 PM, 1:00 PM – 6:00 PM"), days without ranges left out.
 */
import { formatMinuteOfDay, weekdayShortName } from '@/domain/format';
import type { WeeklyRange } from '@/domain/capacity';
import { WEEKDAYS_MONDAY_FIRST } from '@/web/lib/weekdays';

export function weeklySummary(weekly: readonly WeeklyRange[], language: string | undefined): { weekday: number; day: string; ranges: string }[] {
  return WEEKDAYS_MONDAY_FIRST.flatMap((weekday) => {
    const ranges = weekly.filter((r) => r.weekday === weekday).sort((a, b) => a.startMinute - b.startMinute);
    if (ranges.length === 0) return [];
    return [
      {
        weekday,
        day: weekdayShortName(weekday, language),
        ranges: ranges.map((r) => `${formatMinuteOfDay(r.startMinute, language)} – ${formatMinuteOfDay(r.endMinute, language)}`).join(', '),
      },
    ];
  });
}
