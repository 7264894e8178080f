// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingStatus } from '@/domain/booking-status';
import type { WorkerJob } from '@/domain/worker-contract';
import { FINAL_AWAITING_APPROVAL } from '@/web/test/booking-view';
import { FakeEventSource, installFakeEventSource } from '@/web/test/fake-event-source';
import { mockApi, renderPage, type ApiTable } from '@/web/test/render-route';
import { todayAt, WORKER, workerJob } from '../testing/fixtures';
import { Component as WorkerDayPage } from './worker-day-page';

/** A fake worker API that moves one job through the state machine and records each step. */
function jobServer(initial: WorkerJob, extra: ApiTable = {}) {
  let job = initial;
  const steps: { path: string; body: unknown }[] = [];
  const move = (step: string, change: (body: Record<string, unknown>) => Partial<WorkerJob>) => (init: RequestInit | undefined) => {
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    steps.push({ path: step, body });
    job = { ...job, ...change(body) };
    return { body: job };
  };
  const fetchMock = mockApi({
    'GET /api/me': { body: WORKER },
    'GET /api/worker/jobs': () => ({ body: { jobs: [job] } }),
    'POST /api/worker/jobs/j1/accept': move('accept', () => ({})),
    'POST /api/worker/jobs/j1/on-my-way': move('on-my-way', (body) => ({ status: 'en_route' as BookingStatus, etaAt: new Date(Date.now() + Number(body.etaMinutes) * 60_000).toISOString() })),
    'POST /api/worker/jobs/j1/start': move('start', () => ({ status: 'in_progress' as BookingStatus })),
    'POST /api/worker/jobs/j1/complete': move('complete', () => ({
      status: 'completed' as BookingStatus,
      money: { heldCents: 7525, capturedCents: 7525, extraChargedCents: 1881, refundedCents: 0, paidCents: 9406 },
    })),
    ...extra,
  });
  return { steps, fetchMock, set: (next: WorkerJob) => (job = next) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const WAITING = 'Waiting for the office to approve the final amount ($301.00). Nothing else to do on this job for now.';

const jobCard = async () => (await screen.findByRole('heading', { name: /2:30 PM/ })).closest('article') as HTMLElement;

/** The day page over these jobs (signed in as the worker). */
function showDay(jobs: WorkerJob[]) {
  mockApi({ 'GET /api/me': { body: WORKER }, 'GET /api/worker/jobs': { body: { jobs } } });
  renderPage(<WorkerDayPage />, { path: '/worker' });
}

/** The job cards top to bottom, by their "Booking TB-..." line. */
const cardOrder = (cards: HTMLElement[]) => cards.map((card) => within(card).getByText(/^Booking /).textContent);

describe("the worker's day", () => {
  beforeEach(() => {
    installFakeEventSource();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the job with address (map link), options, photo and the customer with a call button', async () => {
    jobServer(workerJob());
    renderPage(<WorkerDayPage />, { path: '/worker' });

    const card = await jobCard();
    expect(card).toHaveTextContent('2:30 PM – 4:30 PM · Furniture assembly');
    expect(card).toHaveTextContent('Ana Lopez');
    expect(within(card).getByRole('link', { name: /Call/ })).toHaveAttribute('href', 'tel:+18135550123');
    expect(within(card).getByRole('link', { name: /Navigate/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=401%20Channelside%20Dr%2C%20Tampa%2C%20FL%2033602&travelmode=driving',
    );
    expect(card).toHaveTextContent('401 Channelside Dr, Tampa, FL 33602');
    expect(card).toHaveTextContent('IKEA Malm dresser');
    expect(card).toHaveTextContent('Gate code 1234');
    expect(within(card).getByRole('img', { name: "The customer's photo" })).toHaveAttribute('src', '/api/uploads/p1');
    expect(screen.getByRole('heading', { name: /^Today,/ })).toBeInTheDocument();
  });

  it("puts today's next job on top and marks it, today's finished jobs below, then later days", async () => {
    const later = new Date(Date.parse(todayAt(9)) + 2 * 86_400_000).toISOString();
    showDay([
      workerJob({ id: 'done', reference: 'TB-DONE', status: 'completed', scheduledStart: todayAt(8), scheduledEnd: todayAt(9) }),
      workerJob({ id: 'later', reference: 'TB-LATER', scheduledStart: later, scheduledEnd: later }),
      workerJob({ id: 'afternoon', reference: 'TB-AFTERNOON', scheduledStart: todayAt(15), scheduledEnd: todayAt(16) }),
      workerJob({ id: 'noon', reference: 'TB-NOON', status: 'en_route', scheduledStart: todayAt(12), scheduledEnd: todayAt(13) }),
    ]);

    await screen.findByText('Booking TB-NOON');
    const cards = screen.getAllByRole('article');
    expect(cardOrder(cards)).toEqual(['Booking TB-NOON', 'Booking TB-AFTERNOON', 'Booking TB-DONE', 'Booking TB-LATER']);
    expect(cards[0]).toHaveTextContent(/^Next job/);
    expect(cards.filter((card) => card.textContent?.includes('Next job'))).toHaveLength(1);
    expect(within(cards[0]!).getByRole('link', { name: /Call/ })).toHaveAttribute('href', 'tel:+18135550123');
    expect(within(cards[0]!).getByRole('button', { name: 'Start job' })).toBeInTheDocument();
  });

  it("once today's jobs are done, says so and puts the later days on top, the next job first and marked", async () => {
    const tomorrow = new Date(Date.parse(todayAt(9)) + 86_400_000).toISOString();
    showDay([
      workerJob({ id: 'done', reference: 'TB-DONE', status: 'completed', scheduledStart: todayAt(8), scheduledEnd: todayAt(9) }),
      workerJob({ id: 'tomorrow', reference: 'TB-TOMORROW', scheduledStart: tomorrow, scheduledEnd: tomorrow }),
    ]);

    await screen.findByText('Booking TB-TOMORROW');
    expect(within(screen.getByRole('region', { name: /^Today,/ })).getByText('Nothing left to do today.')).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cardOrder(cards)).toEqual(['Booking TB-TOMORROW', 'Booking TB-DONE']);
    expect(cards[0]).toHaveTextContent(/^Next job/);
    expect(within(screen.getByRole('region', { name: /^Today,/ })).getByText('Booking TB-DONE')).toBeInTheDocument();
  });

  it("lists a later day's finished job below that day's jobs still to do, so the next job stays first", async () => {
    const tomorrowAt = (hour: number) => new Date(Date.parse(todayAt(hour)) + 86_400_000).toISOString();
    showDay([
      workerJob({ id: 'early', reference: 'TB-EARLY', status: 'completed', scheduledStart: tomorrowAt(8), scheduledEnd: tomorrowAt(9) }),
      workerJob({ id: 'ten', reference: 'TB-TEN', scheduledStart: tomorrowAt(10), scheduledEnd: tomorrowAt(11) }),
    ]);

    await screen.findByText('Booking TB-TEN');
    expect(screen.getByText('No jobs today.')).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cardOrder(cards)).toEqual(['Booking TB-TEN', 'Booking TB-EARLY']);
    expect(cards[0]).toHaveTextContent(/^Next job/);
  });

  it('walks the job through Accept, On my way (with an ETA), Start and Complete (actual hours), posting each step in order', async () => {
    const server = jobServer(workerJob());
    renderPage(<WorkerDayPage />, { path: '/worker' });
    const card = await jobCard();

    await userEvent.click(within(card).getByRole('button', { name: 'Accept job' }));
    await userEvent.click(await within(card).findByRole('button', { name: 'On my way' }));

    const onMyWay = await screen.findByRole('dialog', { name: 'On my way' });
    const minutes = within(onMyWay).getByRole('spinbutton', { name: 'Minutes until you arrive' });
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '300');
    await userEvent.click(within(onMyWay).getByRole('button', { name: 'Send arrival time' }));
    expect(await within(onMyWay).findByText('Enter minutes between 5 and 240.')).toBeInTheDocument();
    await userEvent.click(within(onMyWay).getByRole('button', { name: '15 min' }));
    await userEvent.click(within(onMyWay).getByRole('button', { name: 'Send arrival time' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(await within(card).findByRole('button', { name: 'Start job' }));
    await userEvent.click(await within(card).findByRole('button', { name: 'Complete job' }));

    const complete = await screen.findByRole('dialog', { name: 'Complete job' });
    const hours = within(complete).getByRole('combobox', { name: 'Hours worked' });
    expect(within(hours).getAllByRole('option')[0]).toHaveTextContent('1 hour');
    expect(within(hours).getAllByRole('option')[1]).toHaveTextContent('1.5 hours');
    // Booked for 2 hours: at most 6 can be charged.
    expect(within(hours).getAllByRole('option').at(-1)).toHaveTextContent('6 hours');
    expect(hours).toHaveAccessibleDescription(/Up to 6 hours for this job\./);
    await userEvent.selectOptions(hours, '2.5');
    await userEvent.click(within(complete).getByRole('button', { name: 'Complete and charge' }));

    expect(await within(card).findByText('Done. Charged $94.06.')).toBeInTheDocument();
    expect(server.steps).toEqual([
      { path: 'accept', body: {} },
      { path: 'on-my-way', body: { etaMinutes: 15 } },
      { path: 'start', body: {} },
      { path: 'complete', body: { actualHours: 2.5 } },
    ]);
    const [[, completePost]] = server.fetchMock.mock.calls.filter(([url]) => String(url) === '/api/worker/jobs/j1/complete');
    expect((completePost?.headers as Record<string, string>)['Idempotency-Key']).toMatch(UUID);
  });

  it('asks for the paint receipt in dollars when we bought the paint, and sends cents', async () => {
    const server = jobServer(
      workerJob({
        service: 'painting',
        status: 'in_progress',
        options: { service: 'painting', rooms: 1, paintSupplier: 'company' },
        lineItems: [{ code: 'painting', unit: 'room', quantity: 1, unitPriceCents: 25000, amountCents: 25000, taxCents: 1875 }],
      }),
    );
    renderPage(<WorkerDayPage />, { path: '/worker' });
    const card = await jobCard();

    await userEvent.click(within(card).getByRole('button', { name: 'Complete job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete job' });
    const receipt = within(dialog).getByRole('textbox', { name: 'Paint receipt total (dollars)' });
    expect(receipt).toHaveAccessibleDescription(/At most \$500\.00 for this job \(1 room\)\./);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete and charge' }));
    expect(await within(dialog).findByText('Enter the receipt amount in dollars, for example 63.99.')).toBeInTheDocument();

    await userEvent.type(receipt, '600');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete and charge' }));
    expect(await within(dialog).findByText('The paint receipt can be at most $500.00 for this job.')).toBeInTheDocument();
    expect(server.steps).toEqual([]);

    await userEvent.clear(receipt);
    await userEvent.type(receipt, '$63.99');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete and charge' }));
    await waitFor(() => expect(server.steps).toEqual([{ path: 'complete', body: { paintCostCents: 6399 } }]));
  });

  it('only confirms a TV job, and shows a refused step', async () => {
    const server = jobServer(
      workerJob({
        service: 'tv-installation',
        status: 'in_progress',
        options: { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true },
        lineItems: [{ code: 'tv_installation', unit: 'job', quantity: 1, unitPriceCents: 4500, amountCents: 4500, taxCents: 338 }],
        subtotalCents: 4500,
        taxCents: 338,
        totalCents: 4838,
      }),
      { 'POST /api/worker/jobs/j1/complete': { status: 422, body: { message: 'This job cannot be completed now.', code: 'transition_not_allowed' } } },
    );
    renderPage(<WorkerDayPage />, { path: '/worker' });
    const card = await jobCard();

    await userEvent.click(within(card).getByRole('button', { name: 'Complete job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete job' });
    expect(dialog).toHaveTextContent('The job is charged as booked: $48.38.');
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete and charge' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This job cannot be completed now.');
    const completes = server.fetchMock.mock.calls.filter(([url]) => String(url) === '/api/worker/jobs/j1/complete');
    expect(JSON.parse(String(completes[0][1]?.body))).toEqual({});
  });

  it('says a job whose final amount waits for the office\'s approval has nothing to do, instead of Complete', async () => {
    jobServer(workerJob(FINAL_AWAITING_APPROVAL));
    renderPage(<WorkerDayPage />, { path: '/worker' });
    const card = await jobCard();

    expect(card).toHaveTextContent(WAITING);
    expect(within(card).queryByRole('button', { name: 'Complete job' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('completes with an Idempotency-Key, and says when the final amount waits for the office', async () => {
    const server = jobServer(workerJob({ ...FINAL_AWAITING_APPROVAL, final: null, finalApproval: null }), {
      'POST /api/worker/jobs/j1/complete': () => ({ body: server.set(workerJob(FINAL_AWAITING_APPROVAL)) }),
    });
    renderPage(<WorkerDayPage />, { path: '/worker' });
    const card = await jobCard();

    await userEvent.click(within(card).getByRole('button', { name: 'Complete job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete job' });
    const hours = within(dialog).getByRole('combobox', { name: 'Hours worked' });
    // Booked for 4 hours: at most 8 can be charged.
    expect(within(hours).getAllByRole('option').at(-1)).toHaveTextContent('8 hours');
    await userEvent.selectOptions(hours, '8');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete and charge' }));

    expect(await screen.findByText('Sent. The final amount of $301.00 is well above the booking, so the office approves it before it is charged.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await within(card).findByText(WAITING)).toBeInTheDocument();
    const [[, complete]] = server.fetchMock.mock.calls.filter(([url]) => String(url) === '/api/worker/jobs/j1/complete');
    expect(JSON.parse(String(complete?.body))).toEqual({ actualHours: 8 });
    expect((complete?.headers as Record<string, string>)['Idempotency-Key']).toMatch(UUID);
  });

  it('shows the server\'s refusal when the final amount already waits for approval (409), then the waiting state', async () => {
    const server = jobServer(workerJob({ ...FINAL_AWAITING_APPROVAL, final: null, finalApproval: null }), {
      'POST /api/worker/jobs/j1/complete': () => {
        server.set(workerJob(FINAL_AWAITING_APPROVAL));
        return { status: 409, body: { message: "The final amount is waiting for an admin's approval.", code: 'final_approval_pending', details: { status: 'in_progress' } } };
      },
    });
    renderPage(<WorkerDayPage />, { path: '/worker' });
    const card = await jobCard();

    await userEvent.click(within(card).getByRole('button', { name: 'Complete job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete job' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete and charge' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent("The final amount is waiting for an admin's approval.");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(await within(card).findByText(WAITING)).toBeInTheDocument();
  });

  it('shows a job dispatch just assigned without reloading', async () => {
    const server = jobServer(workerJob());
    server.set({ ...workerJob(), id: 'j0', status: 'cancelled' });
    renderPage(<WorkerDayPage />, { path: '/worker' });
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));

    server.set(workerJob());
    FakeEventSource.latest().emitBooking({ bookingId: 'j1', type: 'assigned', status: 'confirmed' });
    expect(await screen.findByRole('button', { name: 'Accept job' })).toBeInTheDocument();
  });

  it('reads "Accepted" on the card once the job is accepted', async () => {
    const server = jobServer(workerJob(), {
      'POST /api/worker/jobs/j1/accept': () => ({ body: server.set(workerJob({ acceptedAt: new Date().toISOString() })) }),
    });
    renderPage(<WorkerDayPage />, { path: '/worker' });
    const card = await jobCard();
    expect(card).toHaveTextContent('Assigned');

    await userEvent.click(within(card).getByRole('button', { name: 'Accept job' }));
    expect(await within(card).findByText('Accepted')).toBeInTheDocument();
    expect(card).not.toHaveTextContent('Assigned');
    expect(within(card).getByRole('button', { name: 'On my way' })).toBeEnabled();
  });

  it('says when On my way opens for a job outside its time window, instead of offering it', async () => {
    const tomorrowOpens = new Date(Date.now() + 26 * 3_600_000).toISOString();
    const server = jobServer(
      workerJob({
        acceptedAt: new Date().toISOString(),
        moveWindow: { departureOpensAt: tomorrowOpens, departureClosesAt: new Date(Date.now() + 40 * 3_600_000).toISOString(), completeOpensAt: null },
      }),
    );
    renderPage(<WorkerDayPage />, { path: '/worker' });
    const card = await jobCard();

    const onMyWay = within(card).getByRole('button', { name: 'On my way' });
    expect(onMyWay).toBeDisabled();
    const when = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(tomorrowOpens));
    expect(onMyWay).toHaveAccessibleDescription(`On my way and Start job open at ${when} (Tampa time), on the job's day. The office can start it sooner if needed.`);
    await userEvent.click(onMyWay);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.steps).toEqual([]);
  });

  it('says when Complete opens right after the start', async () => {
    const opens = new Date(Date.now() + 10 * 60_000).toISOString();
    jobServer(workerJob({ status: 'in_progress', moveWindow: { departureOpensAt: '2000-01-01T00:00:00.000Z', departureClosesAt: '2999-01-01T00:00:00.000Z', completeOpensAt: opens } }));
    renderPage(<WorkerDayPage />, { path: '/worker' });
    const card = await jobCard();
    const button = within(card).getByRole('button', { name: 'Complete job' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/^Complete opens at .+: a job takes at least a few minutes\.$/);
  });

  it('declines an assigned job with a reason, and the job leaves the day', async () => {
    let declined: unknown = null;
    jobServer(workerJob(), {
      'GET /api/worker/jobs': () => ({ body: { jobs: declined ? [] : [workerJob()] } }),
      'POST /api/worker/jobs/j1/decline': (init: RequestInit | undefined) => {
        declined = JSON.parse(String(init?.body));
        return { status: 200, body: null }; // the API answers 204; a fake Response cannot carry a 204
      },
    });
    renderPage(<WorkerDayPage />, { path: '/worker' });
    const card = await jobCard();

    await userEvent.click(within(card).getByRole('button', { name: 'Decline job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this job?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline job' }));
    expect(await within(dialog).findByText('Choose a reason, and say why when it is Other.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline job' }));
    expect(declined).toBeNull();

    await userEvent.click(within(dialog).getByRole('radio', { name: "I can't make it at that time" }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'A few words for the office' }), 'Car broke down');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline job' }));

    expect(await screen.findByText('The job is back with the office.')).toBeInTheDocument();
    expect(declined).toEqual({ reason: 'schedule_conflict', note: 'Car broke down' });
    await waitFor(() => expect(screen.queryByRole('heading', { name: /2:30 PM/ })).not.toBeInTheDocument());
  });

  it('adds a before photo to a job in progress and shows it', async () => {
    const photos: { id: string; phase: string; url: string; createdAt: string }[] = [];
    const attached: unknown[] = [];
    jobServer(workerJob({ status: 'in_progress' }), {
      'GET /api/bookings/j1/photos': () => ({ body: { photos } }),
      'POST /api/uploads': { status: 201, body: { id: '3f1c0d3e-1b2a-4c5d-8e9f-0a1b2c3d4e5f', contentType: 'image/jpeg', sizeBytes: 1200 } },
      'POST /api/worker/jobs/j1/photos': (init: RequestInit | undefined) => {
        const body = JSON.parse(String(init?.body)) as { uploadId: string; phase: string };
        attached.push(body);
        photos.push({ id: 'p1', phase: body.phase, url: `/api/uploads/${body.uploadId}`, createdAt: new Date().toISOString() });
        return { status: 201, body: null };
      },
    });
    renderPage(<WorkerDayPage />, { path: '/worker' });
    const card = await jobCard();

    await userEvent.upload(within(card).getByLabelText('Add before photo'), new File(['x'], 'before.jpg', { type: 'image/jpeg' }));
    expect(await within(card).findByRole('img', { name: 'Before photo 1' })).toHaveAttribute('src', '/api/uploads/3f1c0d3e-1b2a-4c5d-8e9f-0a1b2c3d4e5f');
    expect(attached).toEqual([{ uploadId: '3f1c0d3e-1b2a-4c5d-8e9f-0a1b2c3d4e5f', phase: 'before' }]);
  });

  it('offers no Decline once the worker is on the way', async () => {
    jobServer(workerJob({ status: 'en_route' }));
    renderPage(<WorkerDayPage />, { path: '/worker' });
    const card = await jobCard();
    expect(within(card).getByRole('button', { name: 'Start job' })).toBeEnabled();
    expect(within(card).queryByRole('button', { name: 'Decline job' })).not.toBeInTheDocument();
  });

  it('tells an admin the page is for technicians', async () => {
    mockApi({ 'GET /api/me': { body: { ...WORKER, role: 'admin' } } });
    renderPage(<WorkerDayPage />, { path: '/worker' });
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(screen.getByText(/for technicians only/)).toBeInTheDocument();
  });
});
