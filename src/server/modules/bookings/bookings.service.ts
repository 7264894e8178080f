/**
 * Taking a booking (issue #2): validate every field per service, check the service area and
 * that the start is an offered slot, recompute the price, place the card hold, then write the
 * booking, its first event and its payment in one transaction. Idempotent per customer and
 * `Idempotency-Key`: a retry returns the same booking and places no second hold (the gateway
 * call carries a key derived from the same pair). A declined card creates nothing.
 */
import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { createBookingRequestSchema, type BookingView } from '../../../domain/booking-request';
import { jobDurationMinutes } from '../../../domain/booking-options';
import { quoteBooking } from '../../../domain/pricing';
import { isInServiceArea } from '../../../domain/service-area';
import { isOfferedStart } from '../../../domain/slots';
import type { Database } from '../../db/client';
import { bookingEvents, bookings, payments } from '../../db/schema';
import { AppError, badRequest, conflict, notFound, ruleBroken } from '../../lib/errors';
import { parseInput } from '../../lib/validate';
import type { Lang } from '../../lib/i18n';
import type { Logger } from '../../lib/logger';
import { CardDeclinedError, PaymentMethodNotFoundError, type Hold, type PaymentGateway } from '../../payments/gateway';
import { getBusinessSettings } from '../settings/settings.service';
import { claimUpload, type UploadOwner } from '../uploads/uploads.service';
import { toBookingView } from './booking-view';

export interface BookingContext {
  db: Database;
  gateway: PaymentGateway;
  logger: Logger;
  now: Date;
  customer: { id: string };
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
    .select()
    .from(bookings)
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .where(and(eq(bookings.customerId, customerId), eq(bookings.idempotencyKey, key)));
  return row ?? null;
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
 * Creates a booking, or returns the one this key already created.
 * @param idempotencyKey the client's Idempotency-Key header (8-200 characters)
 * @returns `{ booking, replayed }`; replayed is true when the key had already booked
 * @throws AppError 400 validation_failed (field details), 402 card_declined (bank's message),
 *   409 slot_unavailable, 422 outside_service_area | idempotency_key_reused | service_unavailable
 */
export async function createBooking(ctx: BookingContext, idempotencyKey: string, body: unknown): Promise<{ booking: BookingView; replayed: boolean }> {
  const { db, gateway, customer } = ctx;
  const request = parseInput(createBookingRequestSchema, body);
  const hash = requestHash(request);

  const existing = await findByIdempotencyKey(db, customer.id, idempotencyKey);
  if (existing) {
    if (existing.bookings.requestHash !== hash) throw ruleBroken('idempotency_key_reused', 'errors.idempotencyKeyReused');
    return { booking: toBookingView(existing.bookings, existing.payments, gateway.testMode), replayed: true };
  }

  const settings = await getBusinessSettings(db);
  const service = settings.services.find((s) => s.slug === request.options.service);
  if (!service?.active) throw ruleBroken('service_unavailable', 'errors.serviceUnavailable');
  if (!isInServiceArea(request.address.zip, settings.serviceAreaZips)) {
    const params = { zip: request.address.zip };
    throw ruleBroken('outside_service_area', 'validation.outsideServiceArea', { details: { 'address.zip': 'validation.outsideServiceArea' }, params });
  }
  const start = new Date(request.startAt);
  const duration = jobDurationMinutes(request.options);
  if (!isOfferedStart(start, duration, ctx.now, settings.slotRules)) {
    throw conflict('slot_unavailable', 'validation.slotUnavailable', { details: { startAt: 'validation.slotUnavailable' } });
  }
  const quote = quoteBooking(request.options, settings.unitPrices, settings.taxRateBps);
  const reference = newBookingReference();

  let hold: Hold;
  try {
    hold = await gateway.placeHold({
      customerId: customer.id,
      paymentMethodId: request.paymentMethodId,
      amountCents: quote.totalCents,
      idempotencyKey: `booking-hold:${customer.id}:${idempotencyKey}`,
      metadata: { reference, service: request.options.service },
    });
  } catch (error) {
    if (error instanceof CardDeclinedError) throw new AppError(402, 'card_declined', 'errors.cardDeclined', { rawMessage: error.bankMessage, hint: 'validation.paymentMethodRequired' });
    if (error instanceof PaymentMethodNotFoundError) throw badRequest('payment_method_not_found', 'errors.paymentMethodNotFound', { details: { paymentMethodId: 'errors.paymentMethodNotFound' } });
    throw error;
  }

  const photoUploadId = request.options.service === 'furniture-assembly' ? (request.options.photoUploadId ?? null) : null;
  try {
    const bookingId = await db.transaction(async (tx) => {
      if (photoUploadId && !(await claimUpload(tx, photoUploadId, { ...ctx.uploadOwner, userId: customer.id }))) {
        throw badRequest('validation_failed', 'errors.validationFailed', { details: { 'options.photoUploadId': 'validation.photoInvalid' } });
      }
      const [row] = await tx
        .insert(bookings)
        .values({
          reference,
          customerId: customer.id,
          serviceSlug: request.options.service,
          status: 'pending',
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
          language: ctx.lang,
          idempotencyKey,
          requestHash: hash,
        })
        .returning({ id: bookings.id });
      const id = row!.id;
      await tx.insert(bookingEvents).values([
        { bookingId: id, type: 'created', toStatus: 'pending', actorUserId: customer.id, actorRole: 'user', amountCents: quote.totalCents },
        { bookingId: id, type: 'hold_placed', actorUserId: customer.id, actorRole: 'user', amountCents: hold.amountCents, note: hold.reference },
      ]);
      await tx.insert(payments).values({
        bookingId: id,
        gateway: gateway.name,
        gatewayReference: hold.reference,
        status: 'authorized',
        amountHeldCents: hold.amountCents,
        cardBrand: hold.card.brand,
        cardLast4: hold.card.last4,
      });
      return id;
    });
    return { booking: await getBooking(db, gateway, customer.id, bookingId), replayed: false };
  } catch (error) {
    if (isUniqueViolation(error, 'bookings_customer_idempotency_key')) {
      // A concurrent retry with the same key won: it holds the same gateway hold, so keep it.
      const winner = await findByIdempotencyKey(db, customer.id, idempotencyKey);
      if (winner) return { booking: toBookingView(winner.bookings, winner.payments, gateway.testMode), replayed: true };
    }
    await gateway.voidHold({ reference: hold.reference, idempotencyKey: `booking-hold-void:${customer.id}:${idempotencyKey}` }).catch((voidError: unknown) => {
      ctx.logger.error({ err: voidError, holdReference: hold.reference }, 'could not void the hold of a booking that was not saved');
    });
    throw error;
  }
}

/** The customer's own bookings, newest first. */
export async function listBookings(db: Database, gateway: PaymentGateway, customerId: string): Promise<BookingView[]> {
  const rows = await db
    .select()
    .from(bookings)
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .where(eq(bookings.customerId, customerId))
    .orderBy(desc(bookings.createdAt));
  return rows.map((row) => toBookingView(row.bookings, row.payments, gateway.testMode));
}

/** One of the customer's bookings. @throws AppError 404 when it is not theirs */
export async function getBooking(db: Database, gateway: PaymentGateway, customerId: string, bookingId: string): Promise<BookingView> {
  const [row] = await db
    .select()
    .from(bookings)
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .where(and(eq(bookings.id, bookingId), eq(bookings.customerId, customerId)));
  if (!row) throw notFound();
  return toBookingView(row.bookings, row.payments, gateway.testMode);
}
