/**
 * Taking a booking (issue #2): validate every field per service, check the service area and
 * that a skilled worker can take the start (src/domain/capacity.ts), recompute the price, place the
 * card hold, then write the booking, its first event and its payment in one transaction that
 * ends by re-checking capacity under the capacity locks of the date and service (issue #16).
 * Idempotent per customer and `Idempotency-Key`: the route runs it at most once per key (src/server/lib/idempotency.ts;
 * concurrent duplicates wait and replay the first answer, issue #9), the gateway call carries a
 * key derived from the same pair, and a booking already made with the key is returned. A
 * declined card creates nothing; a hold whose booking could not be written is voided.
 * In the same transaction the booking's phone fills an empty profile phone and, with
 * `saveAddress`, its address joins the saved addresses (account/remembered-details.ts).
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { BookingView, createBookingRequestSchema } from '../../../domain/booking-request';
import type { AnyBookingEventData } from '../../../domain/booking-events';
import { jobDurationMinutes } from '../../../domain/booking-options';
import type { ScheduledJob } from '../../../domain/capacity';
import { businessDate, businessWeekday, DEFAULT_SLOT_RULES, isBookableDate, MAX_DAYS_AHEAD } from '../../../domain/slots';
import { quoteBooking } from '../../../domain/pricing';
import { isInServiceArea } from '../../../domain/service-area';
import { needsDeferredHold } from '../../../domain/payment-timing';
import type { Database } from '../../db/client';
import { readTogether, type CombinedRead } from '../../db/combined-read';
import { insertBuiltOnce } from '../../db/named-statement';
import { bookingEvents, bookings, reconciliationFindings } from '../../db/schema';
import { AppError, badRequest, conflict, notFound, ruleBroken } from '../../lib/errors';
import type { Lang } from '../../lib/i18n';
import type { Logger } from '../../lib/logger';
import { AuthenticationRequiredError, CardDeclinedError, PaymentMethodNotFoundError, type CardSummary, type Hold, type PaymentGateway } from '../../payments/gateway';
import { cardDeclined, gatewayFailure } from '../payments/gateway-errors';
import { bookingPaymentFromJson, newBookingPayment, newBookingPaymentCtes, PAYMENT_AS_JSON, type NewBookingPaymentValues } from '../payments/payment-records';
import { rememberAddress, rememberPhone } from '../account/remembered-details';
import { businessSettingsRead } from '../settings/settings.service';
import { announceCapacityChange, cachedOfferedStarts, cachedWorkers, keptOfferedStarts } from '../workers/capacity-caches';
import { jobsRead, workersFromJson, workersColumn } from '../workers/capacity.repository';
import { slotUnavailable, startOffered } from '../workers/capacity.service';
import { lockCapacityFor } from '../workers/capacity-lock';
import { claimUpload, type UploadOwner } from '../uploads/uploads.service';
import { loadBookingView, loadBookingViews, newBookingView, ownBooking, type ViewContext } from './booking-view';

export interface BookingContext {
  db: Database;
  gateway: PaymentGateway;
  logger: Logger;
  now: Date;
  customer: { id: string; email: string };
  lang: Lang;
  uploadOwner: UploadOwner;
}

const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A short reference a customer can read over the phone, e.g. "TB-7K3M9Q". */
export function newBookingReference(): string {
  return `TB-${Array.from({ length: 6 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('')}`;
}

function requestHash(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

async function findByIdempotencyKey(db: Database, customerId: string, key: string) {
  const [row] = await db
    .select({ id: bookings.id, requestHash: bookings.requestHash })
    .from(bookings)
    .where(and(eq(bookings.customerId, customerId), eq(bookings.idempotencyKey, key)));
  return row ?? null;
}

/** Maps the gateway's refusals to API errors: 402 with the decline in the caller's words, or with the 3-D Secure client secret. */
function paymentRefusal(error: unknown): unknown {
  if (error instanceof CardDeclinedError) return cardDeclined(error, { hint: 'validation.paymentMethodRequired' });
  if (error instanceof AuthenticationRequiredError) {
    return new AppError(402, 'authentication_required', 'errors.authenticationRequired', { rawDetails: { clientSecret: error.clientSecret } });
  }
  if (error instanceof PaymentMethodNotFoundError) return badRequest('payment_method_not_found', 'errors.paymentMethodNotFound', { details: { paymentMethodId: 'errors.paymentMethodNotFound' } });
  return gatewayFailure(error);
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    const e = current as { code?: string; constraint?: string; message?: string; cause?: unknown };
    if (e.code === '23505' && (e.constraint === constraint || e.message?.includes(constraint))) return true;
    current = e.cause;
  }
  return false;
}

/**
 * The gateway idempotency key of a booking request's hold (or saved card): derived from the
 * customer and their Idempotency-Key, so that a retry reaches the same hold instead of placing a
 * second one. Once reconciliation has voided that hold as an orphan (the request died after the
 * gateway call and before its booking was written, then was retried more than 10 minutes later),
 * the old key can only answer a cancelled hold — Stripe replays its first response for 24 hours —
 * so each voided orphan of this request moves the key to a next generation, and the retry places
 * a hold of its own. Concurrent retries still share one key.
 */
function holdGatewayKey(customerId: string, idempotencyKey: string, voidedOrphans: number): string {
  const base = `booking-hold:${customerId}:${idempotencyKey}`;
  return voidedOrphans === 0 ? base : `${base}:after-void-${voidedOrphans}`;
}

/**
 * What earlier attempts with this key left, as a read that shares booking creation's first
 * statement (db/combined-read.ts; issue #16): the booking the key already made, if any, and how
 * many holds of this request reconciliation voided as orphans (holdGatewayKey's generation).
 */
function earlierAttemptsRead(customerId: string, idempotencyKey: string): CombinedRead<{ existing: { id: string; requestHash: string | null } | null; voidedOrphans: number }> {
  return {
    columns: {
      existing: sql`select json_build_object('id', b.id, 'requestHash', b.request_hash) from ${bookings} b
        where b.customer_id = ${customerId} and b.idempotency_key = ${idempotencyKey}`,
      voided: sql`select count(*)::int from ${reconciliationFindings} f
        where f.kind = 'orphan_hold_voided' and f.detail->>'customer_id' = ${customerId} and f.detail->>'idempotency_key' = ${idempotencyKey}`,
    },
    decode: (row) => ({ existing: (row.existing as { id: string; requestHash: string | null } | null) ?? null, voidedOrphans: Number(row.voided ?? 0) }),
  };
}

/** The values of insertNewBooking: the booking's columns, its payment event's type, amount and facts, and its payment's values. */
type NewBookingValues = Omit<typeof bookings.$inferInsert, 'status' | 'id'> &
  NewBookingPaymentValues & {
    id: string;
    paymentEventType: 'hold_placed' | 'card_saved';
    paymentEventCents: number | null;
    paymentEventData: AnyBookingEventData;
  };

/**
 * The booking (status 'pending'), its first two events ('created' with the total, then
 * 'hold_placed' or 'card_saved'), the phone it teaches an empty profile phone, and its payment
 * (with a placed hold, the ledger's first entry too) in one statement (issue #16, decisions 044,
 * 048 and 050): the rest are CTEs of the booking's insert; their foreign keys and the events'
 * NOTIFY trigger run at the statement's end, when the booking row exists. Its SQL is built once
 * per process, one text with the ledger entry and one without. Returns the booking row as written,
 * with its payment row as JSON in `new_payment` (payment-records.ts bookingPaymentFromJson) and
 * the active workers of `workersDate` in `decisive_workers` (capacity.repository.ts
 * workersColumn: the decisive check's workers, read before its locks; decision 053).
 */
const insertNewBooking = (withHold: boolean) =>
  insertBuiltOnce<typeof bookings, NewBookingValues & { workersDate: string; workersWeekday: number }, 'new_payment' | 'decisive_workers'>(
    bookings,
    (db) => {
      const value = sql.placeholder;
      const firstEvents = db.$with('first_events').as(
        db.insert(bookingEvents).values([
          { bookingId: value('id'), type: 'created', toStatus: 'pending', actorUserId: value('customerId'), actorRole: 'user', amountCents: value('totalCents') },
          { bookingId: value('id'), type: value('paymentEventType'), actorUserId: value('customerId'), actorRole: 'user', amountCents: value('paymentEventCents'), data: value('paymentEventData') },
        ]),
      );
      // What the booking teaches the account, written with the booking or not at all.
      const phone = db.$with('remembered_phone').as(rememberPhone(db, value('customerId'), value('contactPhone')));
      const columns = [
        'id', 'reference', 'customerId', 'serviceSlug', 'options', 'photoUploadId', 'street', 'unit', 'city', 'state', 'zip', 'contactPhone', 'notes',
        'scheduledStart', 'scheduledEnd', 'lineItems', 'subtotalCents', 'taxRateBps', 'taxCents', 'totalCents', 'cancellationPolicy', 'language',
        'idempotencyKey', 'requestHash', 'createdAt',
      ] as const satisfies readonly (keyof NewBookingValues)[];
      const placeholders = Object.fromEntries(columns.map((column) => [column, value(column)]));
      return db
        .with(firstEvents, phone, ...newBookingPaymentCtes(db, withHold))
        .insert(bookings)
        .values({ ...(placeholders as unknown as typeof bookings.$inferInsert), status: 'pending' })
        // The workers of the start's date for the decisive check, read before its locks as
        // lockCapacityFor would (workers/capacity-lock.ts), without a statement of their own.
        .returning({
          ...getTableColumns(bookings),
          newPayment: PAYMENT_AS_JSON,
          decisiveWorkers: workersColumn({ date: value('workersDate'), weekday: value('workersWeekday') }).as('decisive_workers'),
        });
    },
    ['new_payment', 'decisive_workers'],
  );
const insertNewBookingWithHold = insertNewBooking(true);
const insertNewBookingCardSaved = insertNewBooking(false);

/** The first check's jobs for a start no settings could offer: nothing read. */
const NO_JOBS: CombinedRead<ScheduledJob[]> = { columns: {}, decode: () => [] };

/**
 * Creates a booking, or returns the one this key already created.
 * @param idempotencyKey the client's Idempotency-Key header (8-200 characters)
 * @param request the body as createBookingRequestSchema parsed it (the route's validation)
 * @returns `{ booking, replayed }`; replayed is true when the key had already booked
 * @throws AppError 402 card_declined (the decline in the caller's language; gateway-errors.ts cardDeclined),
 *   409 slot_unavailable, 422 outside_service_area | idempotency_key_reused | service_unavailable
 */
export async function createBooking(ctx: BookingContext, idempotencyKey: string, request: z.output<typeof createBookingRequestSchema>): Promise<{ booking: BookingView; replayed: boolean }> {
  const { db, gateway, customer } = ctx;
  const hash = requestHash(request);

  const start = new Date(request.startAt);
  // One statement for everything read before the card (issue #16): the settings, fresh as money
  // rules require (decision 030), what earlier attempts with this key left, and the start date's
  // jobs for the first capacity check — only for a date some settings could offer: the check
  // refuses any other without them. The workers for that check come from this process's cache
  // (decision 045): it is advisory, and the decisive check reads them under the locks.
  const date = businessDate(start);
  const withinReach = isBookableDate(date, ctx.now, { ...DEFAULT_SLOT_RULES, daysAhead: MAX_DAYS_AHEAD });
  const [{ settings, earlier, jobs }, workers] = await Promise.all([
    readTogether(db, {
      settings: businessSettingsRead(),
      earlier: earlierAttemptsRead(customer.id, idempotencyKey),
      jobs: withinReach ? jobsRead(start) : NO_JOBS,
    }),
    withinReach ? cachedWorkers(db) : [],
  ]);
  const { existing, voidedOrphans } = earlier;
  const view: ViewContext = { testMode: gateway.testMode, now: ctx.now, policy: settings.cancellationPolicy, arrivalWindowMinutes: settings.jobRules.arrivalWindowMinutes };
  if (existing) {
    if (existing.requestHash !== hash) throw ruleBroken('idempotency_key_reused', 'errors.idempotencyKeyReused');
    return { booking: await loadBookingView(db, ownBooking(customer.id, existing.id), view), replayed: true };
  }

  const service = settings.services.find((s) => s.slug === request.options.service);
  if (!service?.active) throw ruleBroken('service_unavailable', 'errors.serviceUnavailable');
  if (!isInServiceArea(request.address.zip, settings.serviceAreaZips)) {
    const params = { zip: request.address.zip };
    throw ruleBroken('outside_service_area', 'validation.outsideServiceArea', { details: { 'address.zip': 'validation.outsideServiceArea' }, params });
  }
  const duration = jobDurationMinutes(request.options);
  const capacityCheck = { service: request.options.service, start, durationMinutes: duration, now: ctx.now, rules: settings.slotRules };
  // The day's offered starts, as the slots page lists them (decision 049): the alternatives a
  // refusal answers with, computed once per change of the date.
  const dayStarts = { ...capacityCheck, date };
  const refusal = async () => slotUnavailable(await cachedOfferedStarts(db, dayStarts).catch(() => []));
  // A first check before touching the card: from the day's starts when this process keeps them
  // (a slots request or a refusal listed them since the date last changed), else on the snapshot
  // read above. The decisive one reads again under the capacity locks below.
  const kept = keptOfferedStarts(db, dayStarts);
  const offered = kept ? kept.some((s) => s.getTime() === start.getTime()) : await startOffered(db, { ...capacityCheck, workers, jobs });
  if (!offered) throw await refusal();
  const quote = quoteBooking(request.options, settings.unitPrices, settings.taxRateBps);
  const reference = newBookingReference();

  // Far-out bookings save the card now; the hold is placed about 24 hours before the job.
  const deferred = needsDeferredHold(start, ctx.now);
  let hold: Hold | null = null;
  let savedCard: { paymentMethodId: string; card: CardSummary } | null = null;
  try {
    const gatewayKey = holdGatewayKey(customer.id, idempotencyKey, voidedOrphans);
    if (deferred) {
      savedCard = await gateway.saveCard({ customerId: customer.id, customerEmail: customer.email, paymentMethodId: request.paymentMethodId, idempotencyKey: gatewayKey, metadata: { reference, customer_id: customer.id, idempotency_key: idempotencyKey } });
    } else {
      hold = await gateway.placeHold({
        customerId: customer.id,
        customerEmail: customer.email,
        paymentMethodId: request.paymentMethodId,
        amountCents: quote.totalCents,
        idempotencyKey: gatewayKey,
        metadata: { reference, service: request.options.service, customer_id: customer.id, idempotency_key: idempotencyKey },
      });
    }
  } catch (error) {
    throw paymentRefusal(error);
  }

  const photoUploadId = request.options.service === 'furniture-assembly' ? (request.options.photoUploadId ?? null) : null;
  try {
    const booking = await db.transaction(async (tx) => {
      if (photoUploadId && !(await claimUpload(tx, photoUploadId, { ...ctx.uploadOwner, userId: customer.id }))) {
        throw badRequest('validation_failed', 'errors.validationFailed', { details: { 'options.photoUploadId': 'validation.photoInvalid' } });
      }
      // The booking, its first two events, the phone it teaches the profile and its payment in one
      // statement (issue #16, decisions 044, 048 and 050), built once per process.
      const id = randomUUID();
      const actor = { userId: customer.id, role: 'user' as const };
      const { values: paymentValues, ledger } = newBookingPayment(
        id,
        { gateway: gateway.name, paymentMethodRef: hold?.paymentMethodId ?? savedCard!.paymentMethodId, card: hold?.card ?? savedCard!.card },
        hold,
        actor,
      );
      const [row] = await (hold ? insertNewBookingWithHold : insertNewBookingCardSaved)(tx, {
        ...paymentValues,
        id,
        reference,
        customerId: customer.id,
        paymentEventType: hold ? 'hold_placed' : 'card_saved',
        paymentEventCents: hold ? hold.amountCents : null,
        paymentEventData: hold ? { reference: hold.reference, deferred: false } : { reason: 'hold_deferred' },
        serviceSlug: request.options.service,
        options: request.options,
        photoUploadId,
        street: request.address.street,
        unit: request.address.unit ?? null,
        city: request.address.city,
        state: request.address.state,
        zip: request.address.zip,
        contactPhone: request.contactPhone,
        notes: request.notes || null,
        scheduledStart: start,
        scheduledEnd: new Date(start.getTime() + duration * 60_000),
        lineItems: quote.lineItems,
        subtotalCents: quote.subtotalCents,
        taxRateBps: quote.taxRateBps,
        taxCents: quote.taxCents,
        totalCents: quote.totalCents,
        // The policy this booking is made under: later changes in the settings do not reach it.
        cancellationPolicy: settings.cancellationPolicy,
        language: ctx.lang,
        idempotencyKey,
        requestHash: hash,
        createdAt: ctx.now,
        workersDate: date,
        workersWeekday: businessWeekday(date),
      });
      // This process's cached day plan of the date goes once the booking commits (issue #16).
      await announceCapacityChange(tx, { bookingId: id, starts: [start] });
      // The address too, with "Save this address" (locks the profile row first; remembered-details.ts).
      if (request.saveAddress) await rememberAddress(tx, customer.id, request.address);
      // The decisive check comes last, so the capacity locks are held only for it and the commit
      // (issue #16, capacity-lock.ts): a fresh computation over the workers and the day's jobs,
      // this booking left out. A refusal rolls everything above back at once; the day's other
      // starts are listed after the transaction, without the locks.
      const { new_payment: payment, decisive_workers: workersJson, ...booking } = row!;
      const decisive = await lockCapacityFor(tx, { start, service: request.options.service, workers: workersFromJson(workersJson) });
      if (!(await startOffered(tx, { ...capacityCheck, excludeBookingId: id, ...decisive }))) throw new StartTakenMeanwhile();
      // The booking's view is built from what this transaction wrote (booking-view.ts newBookingView).
      return newBookingView(booking, bookingPaymentFromJson(payment as Record<string, unknown> | null), ledger, view);
    });
    return { booking, replayed: false };
  } catch (error) {
    if (isUniqueViolation(error, 'bookings_customer_idempotency_key')) {
      // A concurrent retry with the same key won: it holds the same gateway hold, so keep it.
      const winner = await findByIdempotencyKey(db, customer.id, idempotencyKey);
      if (winner) return { booking: await loadBookingView(db, ownBooking(customer.id, winner.id), view), replayed: true };
    }
    if (hold) {
      const reference = hold.reference;
      await gateway.voidHold({ reference, idempotencyKey: `booking-hold-void:${customer.id}:${idempotencyKey}`, reason: 'abandoned' }).catch((voidError: unknown) => {
        ctx.logger.error({ err: voidError, holdReference: reference }, 'could not void the hold of a booking that was not saved');
      });
    }
    throw error instanceof StartTakenMeanwhile ? await refusal() : error;
  }
}

/** The decisive capacity check refused the start (booking creation turns it into the 409 once its transaction is over). */
class StartTakenMeanwhile extends Error {}

/** The customer's own bookings, newest first. */
export function listBookings(db: Database, customerId: string, view: ViewContext): Promise<BookingView[]> {
  return loadBookingViews(db, eq(bookings.customerId, customerId), view);
}

/** One of the customer's bookings. @throws AppError 404 when it is not theirs */
export function getBooking(db: Database, customerId: string, bookingId: string, view: ViewContext): Promise<BookingView> {
  return loadBookingView(db, ownBooking(customerId, bookingId), view);
}
