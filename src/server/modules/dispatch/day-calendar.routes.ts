/**
 * The admin's day view (issue #14), `GET /api/admin/calendar?date=YYYY-MM-DD`: one Tampa day with
 * a row per active worker and the day's jobs as dispatch sees them. Assigning or moving a job from
 * the view uses the board's own endpoints (`POST /api/admin/bookings/{id}/assign`, `.../reschedule`),
 * so the same capacity and conflict checks apply. Admins only (401/403 otherwise).
 */
import { and, asc, gte, inArray, lt } from 'drizzle-orm';
import { dayCalendarQuerySchema, dayCalendarSchema, type CalendarWorker } from '../../../domain/dispatch-contract';
import type { ServiceSlug } from '../../../domain/services';
import { businessDate, businessTime } from '../../../domain/slots';
import type { Database } from '../../db/client';
import { bookings, user } from '../../db/schema';
import { apiRouter, defineRoute, errorResponses, jsonContent } from '../../lib/openapi';
import { requestContext } from '../../lib/request-context';
import { loadWorkers } from '../workers/capacity.repository';
import { withCustomers } from './dispatch.service';

/** The statuses a day's job is shown in: everything but cancelled, no-show and failed payment. */
const SHOWN = ['pending', 'confirmed', 'en_route', 'in_progress', 'completed'] as const;

const calendarRoute = defineRoute({
  method: 'get',
  path: '/',
  access: 'admin',
  tags: ['Admin: dispatch'],
  summary: "One Tampa day: the active workers and the day's jobs",
  description: 'Today (Tampa) when `date` is omitted. Jobs that are not cancelled, by start; a job without a worker is unassigned (the tray). Assign or move with `POST /api/admin/bookings/{id}/assign`.',
  request: { query: dayCalendarQuerySchema },
  responses: { 200: jsonContent(dayCalendarSchema, 'The day, its workers and jobs'), ...errorResponses(400, 401, 403) },
});

/** The day after a Tampa date ('YYYY-MM-DD'), as a Tampa date (noon plus a day never crosses two dates, even on DST days). */
function nextDate(date: string): string {
  return businessDate(new Date(businessTime(date, 12 * 60).getTime() + 24 * 60 * 60_000));
}

/** Active workers (the capacity engine's: role worker, active profile) with their names and skills, by name. */
export async function calendarWorkers(db: Database): Promise<CalendarWorker[]> {
  const workers = await loadWorkers(db);
  if (workers.length === 0) return [];
  const names = await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, workers.map((w) => w.workerId)));
  return workers
    .map((w) => ({ id: w.workerId, name: names.find((n) => n.id === w.workerId)?.name ?? '', skills: [...w.skills].sort() as ServiceSlug[] }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export const dayCalendarRoutes = apiRouter().openapi(calendarRoute, async (c) => {
  const db = c.var.deps.db;
  const { view } = await requestContext(c);
  const date = c.req.valid('query').date ?? businessDate(c.var.deps.now());
  const dayStart = businessTime(date, 0);
  const dayEnd = businessTime(nextDate(date), 0);
  const ids = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(gte(bookings.scheduledStart, dayStart), lt(bookings.scheduledStart, dayEnd), inArray(bookings.status, [...SHOWN])))
    .orderBy(asc(bookings.scheduledStart), asc(bookings.reference));
  const [workers, jobs] = await Promise.all([calendarWorkers(db), withCustomers(db, ids.map((r) => r.id), view.now, view)]);
  return c.json({ date, dayStart: dayStart.toISOString(), dayEnd: dayEnd.toISOString(), workers, jobs }, 200);
});
