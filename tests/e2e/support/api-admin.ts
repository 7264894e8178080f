import { expect, type APIRequestContext } from '@playwright/test';

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
