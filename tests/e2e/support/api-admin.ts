import { expect, type APIRequestContext, type Browser, type TestInfo } from '@playwright/test';
import { signInByApi } from './api-auth';
import { E2E_ADMIN } from './e2e-admin';

/** Office actions through the admin API, for a request context signed in as the e2e admin. */

/** The id of the technician called `name` (e.g. E2E_WORKER.name), from GET /api/admin/workers. */
export async function workerIdByName(request: APIRequestContext, name: string): Promise<string> {
  const { workers } = (await (await request.get('/api/admin/workers')).json()) as { workers: { id: string; name: string }[] };
  const worker = workers.find((w) => w.name === name);
  expect(worker, `a technician named ${name}`).toBeTruthy();
  return worker!.id;
}

/** Assigns the booking to the technician (POST /api/admin/bookings/:id/assign); fails the test unless 200. */
export async function assignAsAdmin(request: APIRequestContext, origin: string, bookingId: string, workerId: string): Promise<void> {
  const assigned = await request.post(`/api/admin/bookings/${bookingId}/assign`, { data: { workerId }, headers: { Origin: origin } });
  expect(assigned.status(), await assigned.text()).toBe(200);
}

/**
 * Completes the booking on the office's side (POST /api/admin/bookings/:id/complete, which
 * captures the payment), with a fresh Idempotency-Key `${keyPrefix}-${Date.now()}`; fails the
 * test unless 200.
 */
export async function completeAsAdmin(request: APIRequestContext, origin: string, bookingId: string, keyPrefix = 'e2e-complete'): Promise<void> {
  const completed = await request.post(`/api/admin/bookings/${bookingId}/complete`, { data: {}, headers: { Origin: origin, 'Idempotency-Key': `${keyPrefix}-${Date.now()}` } });
  expect(completed.status(), await completed.text()).toBe(200);
}

/**
 * Cancels, fee waived, every booking not yet finished whose customer matches `search` (the board's
 * search: name, email, phone or reference) in the board's today and upcoming views: a failed
 * test's leftovers, so its retry and the specs after it find the technicians' days as they expect.
 */
export async function cancelOpenBookingsMatching(request: APIRequestContext, origin: string, search: string): Promise<void> {
  for (const view of ['today', 'upcoming'] as const) {
    const listed = await request.get(`/api/admin/bookings?view=${view}&q=${encodeURIComponent(search)}`);
    expect(listed.status(), await listed.text()).toBe(200);
    const { bookings } = (await listed.json()) as { bookings: { id: string; status: string }[] };
    for (const booking of bookings.filter((b) => ['pending', 'confirmed', 'en_route'].includes(b.status))) {
      await request.post(`/api/admin/bookings/${booking.id}/cancel`, { data: { waiveFee: true }, headers: { Origin: origin, 'Idempotency-Key': `e2e-cleanup-${booking.id}` } });
    }
  }
}

/**
 * For `test.afterEach`: when the test failed, the e2e admin cancels the open bookings of the
 * customers matching `search` (cancelOpenBookingsMatching), so a retry and the specs after it do
 * not meet a failed attempt's jobs on the technicians' days.
 */
export function cancelOpenBookingsAfterFailure(search: string) {
  return async ({ browser, baseURL }: { browser: Browser; baseURL: string | undefined }, testInfo: TestInfo): Promise<void> => {
    if (testInfo.status === testInfo.expectedStatus) return;
    const admin = await browser.newContext();
    await signInByApi(admin.request, baseURL!, E2E_ADMIN);
    await cancelOpenBookingsMatching(admin.request, baseURL!, search);
    await admin.close();
  };
}
