/**
 * Worker test data: a technician, and jobs as `GET /api/worker/jobs` answers them — by default a
 * furniture assembly today at 2:30 PM Tampa time for Ana Lopez, assigned and not yet accepted.
 */
import { DEFAULT_CANCELLATION_POLICY } from '@/domain/cancellation-policy';
import type { WorkerJob, WorkerProfile } from '@/domain/worker-contract';

export const WORKER = { user: { id: 'w1', email: 'luis@example.com', name: 'Luis Ortega' }, profile: null, role: 'worker' };

/** Today at 2:30 PM in Tampa, whatever today is. */
export function todayAt(hour: number, minute = 0): string {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  // Noon UTC on the Tampa date, then moved to the wall-clock time through the zone's offset that day.
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${date}T12:00:00Z`))
    .find((part) => part.type === 'timeZoneName')!
    .value.replace('GMT', '');
  return new Date(`${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00${offset}`).toISOString();
}

export function workerJob(overrides: Partial<WorkerJob> = {}): WorkerJob {
  const start = todayAt(14, 30);
  return {
    id: 'j1',
    reference: 'TB-JOB001',
    service: 'furniture-assembly',
    status: 'confirmed',
    options: { service: 'furniture-assembly', productName: 'IKEA Malm dresser', estimatedHours: 2 },
    address: { street: '401 Channelside Dr', unit: null, city: 'Tampa', state: 'FL', zip: '33602' },
    contactPhone: '+18135550123',
    notes: 'Gate code 1234',
    scheduledStart: start,
    scheduledEnd: new Date(Date.parse(start) + 2 * 3_600_000).toISOString(),
    lineItems: [{ code: 'furniture_assembly', unit: 'hour', quantity: 2, unitPriceCents: 3500, amountCents: 7000, taxCents: 525 }],
    subtotalCents: 7000,
    taxCents: 525,
    totalCents: 7525,
    payment: { status: 'authorized', amountHeldCents: 7525, cardBrand: 'visa', cardLast4: '4242', testMode: true },
    money: { heldCents: 7525, capturedCents: 0, extraChargedCents: 0, refundedCents: 0, paidCents: 0 },
    final: null,
    finalApproval: null,
    cancellation: null,
    canCancel: true,
    canReschedule: false,
    cancellationPolicy: DEFAULT_CANCELLATION_POLICY,
    worker: { id: 'w1', name: 'Luis Ortega', phone: '+18135550999' },
    etaAt: null,
    arrivalWindowMinutes: 60,
    acceptedAt: null,
    contactedAt: '2026-05-15T14:03:00.000Z',
    enRouteAt: null,
    startedAt: null,
    completedAt: null,
    createdAt: '2026-05-15T14:00:00.000Z',
    customer: { name: 'Ana Lopez', phone: '+18135550123' },
    photoUrl: '/api/uploads/p1',
    // every move open (the time window is its own test)
    moveWindow: { departureOpensAt: '2000-01-01T00:00:00.000Z', departureClosesAt: '2999-01-01T00:00:00.000Z', completeOpensAt: null },
    ...overrides,
  };
}

export function workerProfile(overrides: Partial<WorkerProfile> = {}): WorkerProfile {
  return {
    phone: '+18135550999',
    active: true,
    skills: ['tv-installation', 'furniture-assembly'],
    serviceZips: ['33602', '33606'],
    notifyEmail: true,
    notifySms: false,
    weekly: [
      { weekday: 1, startMinute: 480, endMinute: 720 },
      { weekday: 1, startMinute: 780, endMinute: 1020 },
      { weekday: 3, startMinute: 600, endMinute: 1080 },
    ],
    timeOff: [{ id: 't1', startsOn: '2026-12-24', endsOn: '2026-12-26', note: 'Holidays' }],
    ...overrides,
  };
}
