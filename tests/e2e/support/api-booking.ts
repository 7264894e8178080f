import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';

/** The fields of a created booking (POST /api/bookings, 201) that the end-to-end specs read. */
export interface BookedJob {
  id: string;
  /** The customer-facing reference, "TB-…". */
  reference: string;
  /** Start of the job, an ISO instant (UTC). */
  scheduledStart: string;
  /** Price plus tax, in cents (a 40-55" flat-mounted TV: $45 + 7.5% = 4838). */
  totalCents: number;
}

/** Where the booking goes: the `dayIndex`-th date the slot list offers (0 = the first), or an exact start. */
export type BookingTime =
  | { dayIndex: number; slot?: 'first' | 'last'; startAt?: never }
  | { startAt: string; dayIndex?: never; slot?: never };

/**
 * Books a TV installation (40-55", flat mount, no bracket: $48.38 with tax) through the API, as
 * the booking flow does, for the customer signed in on `request`: a test-mode card
 * (POST /api/payments/test-mode/payment-methods, 4242…), then POST /api/bookings with an
 * Idempotency-Key `${keyPrefix}-<random>` and the address 100 N Tampa St, Tampa 33602.
 *
 * Time: with `dayIndex`, the first (or, with `slot: 'last'`, the last) free 60-minute start of
 * the `dayIndex`-th date from GET /api/services/tv-installation/slots (Tampa days); with
 * `startAt`, exactly that instant. Fails the test unless the card is created (201) and the
 * booking is created (201). Returns the created booking's JSON.
 */
export async function bookTvByApi(
  request: APIRequestContext,
  origin: string,
  options: BookingTime & { keyPrefix?: string },
): Promise<BookedJob> {
  const headers = { Origin: origin };
  const card = await request.post('/api/payments/test-mode/payment-methods', { data: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' }, headers });
  expect(card.status(), await card.text()).toBe(201);
  const paymentMethodId = ((await card.json()) as { id: string }).id;
  const startAt = options.startAt ?? (await freeStart(request, options.dayIndex!, options.slot ?? 'first'));
  const booking = await request.post('/api/bookings', {
    data: {
      options: { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true },
      address: { street: '100 N Tampa St', city: 'Tampa', state: 'FL', zip: '33602' },
      contactPhone: '8135550123',
      startAt,
      paymentMethodId,
    },
    headers: { ...headers, 'Idempotency-Key': `${options.keyPrefix ?? 'e2e-booking'}-${randomUUID()}` },
  });
  expect(booking.status(), await booking.text()).toBe(201);
  return (await booking.json()) as BookedJob;
}

/** The first or last free 60-minute TV-installation start (ISO instant) on the `dayIndex`-th offered date. */
async function freeStart(request: APIRequestContext, dayIndex: number, slot: 'first' | 'last'): Promise<string> {
  const { dates } = (await (await request.get('/api/services/tv-installation/slots?durationMinutes=60')).json()) as { dates: string[] };
  const { starts } = (await (await request.get(`/api/services/tv-installation/slots?durationMinutes=60&date=${dates[dayIndex]}`)).json()) as { starts: string[] };
  expect(starts.length, `free starts on ${dates[dayIndex]}`).toBeGreaterThan(0);
  return (slot === 'first' ? starts[0] : starts[starts.length - 1])!;
}
