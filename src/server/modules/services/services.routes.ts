/**
 * `GET /api/services/:slug/slots?date=YYYY-MM-DD&durationMinutes=N`: the bookable dates and the
 * start times offered on one of them: business-hours slots a skilled worker is free for
 * (src/domain/capacity.ts), in UTC instants. A date that is not one of the bookable dates is
 * 400 (details `query.date`).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { isServiceSlug } from '../../../domain/services';
import { bookableDates, businessDate, businessTime, isBookableDate, type SlotRules } from '../../../domain/slots';
import { notFound } from '../../lib/errors';
import type { AppEnv } from '../../lib/app-env';
import { parseInput } from '../../lib/validate';
import { getBusinessSettings } from '../settings/settings.service';
import { offeredStartsOn } from '../workers/capacity.service';

/** The query; `date` must be one of the dates bookable now. */
const slotsQuery = (now: Date, rules: SlotRules) => z.object({
  date: z.iso.date({ error: 'validation.startInvalid' }).refine((date) => isBookableDate(date, now, rules), { error: 'validation.dateNotBookable' }).optional(),
  durationMinutes: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(30, { error: 'validation.invalid' }).max(16 * 60, { error: 'validation.invalid' }),
});

export const servicesRoutes = new Hono<AppEnv>().get('/:slug/slots', async (c) => {
  const slug = c.req.param('slug');
  if (!isServiceSlug(slug)) throw notFound();
  const now = c.var.deps.now();
  const { slotRules } = await getBusinessSettings(c.var.deps.db);
  const query = parseInput(slotsQuery(now, slotRules), c.req.query(), 'query');
  const date = query.date ?? businessDate(now);
  return c.json({
    date,
    dates: bookableDates(now, slotRules),
    starts: (await offeredStartsOn(c.var.deps.db, { date, at: businessTime(date, 12 * 60), service: slug, durationMinutes: query.durationMinutes, now, rules: slotRules })).map((s) => s.toISOString()),
  });
});
