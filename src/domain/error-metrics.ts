/**
 * The days of the error metrics (issue #11; spec section 9: "metrics window 7 days"): an
 * `error_metrics` row counts the entries of one Tampa day (America/New_York, like every date a
 * person sees here); the trigger of migration 0015 files each entry under the Tampa date of its
 * timestamp. Pure: the clock is an argument.
 */
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { businessDate } from './slots';

/**
 * The window of the last `days` Tampa days, today included.
 * @param now the app's clock
 * @param days 1 or more
 * @returns `{ from, to }` as 'YYYY-MM-DD', both included (`from === to` for one day)
 */
export function errorMetricsWindow(now: Date, days: number): { from: string; to: string } {
  const to = businessDate(now);
  // parseISO of a bare date is local midnight; adding calendar days to it is free of DST
  return { from: format(addDays(parseISO(to), -(days - 1)), 'yyyy-MM-dd'), to };
}
