/**
 * What a request hands the services that change bookings and move money (issue #10, STYLE.md):
 * who acts (`Actor`), the money context (database, gateway, the request's clock, the
 * cancellation policy), and `requestContext(c)`, which reads the business settings once per
 * request and builds both contexts and the booking view context from them.
 *
 * The clock is read once, so a request sees one "now" throughout (tests pin it).
 */
import type { Context } from 'hono';
import type { CancellationPolicy } from '../../domain/cancellation-policy';
import type { Role } from '../auth/roles';
import type { Database } from '../db/client';
import type { ViewContext } from '../modules/bookings/booking-view';
import { getBusinessSettings, type BusinessSettings } from '../modules/settings/settings.service';
import type { PaymentGateway } from '../payments/gateway';
import type { AppEnv } from './app-env';
import type { Logger } from './logger';

/** Who made a change: a user with their role, or the system (a webhook, our scheduler) with both null. */
export interface Actor {
  userId: string | null;
  role: Role | null;
}

/** The gateway (a webhook or our scheduler) rather than a person. */
export const SYSTEM_ACTOR: Actor = { userId: null, role: null };

/** What the money services need: the database, the gateway, the request's instant and the cancellation policy. */
export interface MoneyContext {
  db: Database;
  gateway: PaymentGateway;
  now: Date;
  policy: CancellationPolicy;
  logger?: Logger;
}

/**
 * The business settings, the booking view context and the money context of this request.
 * @returns `{ settings, view, money }`, all at the same instant
 */
export async function requestContext(c: Context<AppEnv>): Promise<{ settings: BusinessSettings; view: ViewContext; money: MoneyContext }> {
  const { db, gateway, now, logger } = c.var.deps;
  const settings = await getBusinessSettings(db);
  const at = now();
  const view: ViewContext = { testMode: gateway.testMode, now: at, policy: settings.cancellationPolicy, arrivalWindowMinutes: settings.jobRules.arrivalWindowMinutes };
  const money: MoneyContext = { db, gateway, now: at, policy: settings.cancellationPolicy, logger };
  return { settings, view, money };
}
