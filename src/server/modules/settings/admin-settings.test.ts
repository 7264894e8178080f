/**
 * Issue #12, /admin/settings through the API: validation (400 with translated field details),
 * the history of every change (who, when, old -> new), two admins saving at once (409 with the
 * current value, never a lost change), and that a save applies at once to what reads the settings
 * (public settings, slots).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, userRoles } from '../../db/schema';
import { waitFor } from '../../realtime/testing/booking-fixtures';
import { moneyActors, TV_OPTIONS } from '../../test/money-actors';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

// Saturday 2026-11-21 10:00 in Tampa.
const NOW = new Date('2026-11-21T15:00:00Z');

interface Admin {
  cookie: string;
  userId: string;
  email: string;
}

describe(`admin settings (${databaseKind})`, () => {
  let t: TestApp;
  let ana: Admin;
  let ben: Admin;

  const read = async (admin: Admin = ana) => {
    const r = await t.request('/api/admin/settings', { cookie: admin.cookie });
    expect(r.status).toBe(200);
    return r.json();
  };
  const put = (path: string, json: unknown, admin: Admin = ana, lang = 'en') =>
    t.request(`/api/admin/settings/${path}`, { method: 'PUT', cookie: admin.cookie, json, headers: { 'Accept-Language': lang } });
  const publicSettings = async () => (await t.request('/api/settings/public')).json();
  const history = async (query = '') => {
    const r = await t.request(`/api/admin/settings/history${query}`, { cookie: ana.cookie });
    expect(r.status).toBe(200);
    return r.json();
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await t.addWorkers(2);
    const signUpAdmin = async (email: string, name: string) => {
      const caller = await t.signUp(email, { name });
      await t.deps.db.insert(userRoles).values({ userId: caller.userId, role: 'admin' });
      return { ...caller, email };
    };
    ana = await signUpAdmin('ana@example.com', 'Ana Admin');
    ben = await signUpAdmin('ben@example.com', 'Ben Boss');
  });
  afterAll(() => t?.close());

  it('reads every service and section with version and defaults (support from the config until saved)', async () => {
    const settings = await read();
    expect(settings.services.map((s: { slug: string }) => s.slug)).toEqual(['tv-installation', 'furniture-assembly', 'painting']);
    expect(settings.services[0]).toMatchObject({ pricingModel: 'per_job', value: { unitPriceCents: 4500, active: true }, version: 1, updatedBy: null, updatedAt: null });
    expect(settings.sections.tax).toEqual({ value: { taxRateBps: 750 }, version: 1, updatedAt: null, updatedBy: null });
    expect(settings.sections.support).toEqual({ value: { phone: t.config.supportPhone, email: t.config.supportEmail }, version: 0, updatedAt: null, updatedBy: null });
    expect(settings.sections.hours.value.weeklyHours).toEqual(Array.from({ length: 7 }, () => ({ openMinute: 480, closeMinute: 1200 })));
    expect(settings.sections.cancellation.value).toMatchObject({ freeNoticeHours: 24, feeNoticeHours: 12, feePercent: 50 });
    expect(settings.sections.serviceArea.value.zips).toContain('33602');
  });

  describe('validation: 400 with a translated message for each field', () => {
    const detailsOf = async (response: Response) => {
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.code).toBe('validation_failed');
      return body.details as Record<string, string>;
    };
    const hours = (overrides: object = {}) => ({
      weeklyHours: Array.from({ length: 7 }, () => ({ openMinute: 480, closeMinute: 1200 })),
      stepMinutes: 30,
      leadMinutes: 120,
      bufferMinutes: 30,
      daysAhead: 14,
      ...overrides,
    });
    const policy = { freeNoticeHours: 24, feeNoticeHours: 12, feePercent: 50, graceMinutes: 5, rescheduleNoticeHours: 24, refundBusinessDays: { min: 3, max: 5 } };

    it('refuses a negative price, a fraction of a cent and a price below $1', async () => {
      expect(await detailsOf(await put('services/tv-installation', { version: 1, value: { unitPriceCents: -100, active: true } }))).toEqual({ 'value.unitPriceCents': "Prices can't be negative." });
      expect(await detailsOf(await put('services/tv-installation', { version: 1, value: { unitPriceCents: 45.5, active: true } }))).toEqual({
        'value.unitPriceCents': 'Enter a price in dollars and cents, e.g. 45 or 45.50.',
      });
      expect(await detailsOf(await put('services/painting', { version: 1, value: { unitPriceCents: 50, active: true } }))).toEqual({ 'value.unitPriceCents': 'A price must be at least $1.00.' });
    });

    it('says it in Spanish to a Spanish admin', async () => {
      const details = await detailsOf(await put('services/tv-installation', { version: 1, value: { unitPriceCents: -1, active: true } }, ana, 'es'));
      expect(details).toEqual({ 'value.unitPriceCents': 'Los precios no pueden ser negativos.' });
    });

    it('refuses hours out of order, a week with no open day, and slot rules out of range', async () => {
      const monday = hours({ weeklyHours: [null, { openMinute: 1020, closeMinute: 540 }, null, null, null, null, null] });
      expect(await detailsOf(await put('hours', { version: 1, value: monday }))).toEqual({ 'value.weeklyHours.1.closeMinute': 'Closing time must be after opening time.' });
      expect(await detailsOf(await put('hours', { version: 1, value: hours({ weeklyHours: Array(7).fill(null) }) }))).toEqual({ 'value.weeklyHours': 'Open at least one day of the week.' });
      expect(await detailsOf(await put('hours', { version: 1, value: hours({ leadMinutes: -5, daysAhead: 400 }) }))).toEqual({
        'value.leadMinutes': 'Enter whole minutes between 0 and 10080 (one week).',
        'value.daysAhead': 'Enter whole days between 0 and 90.',
      });
    });

    it('refuses ZIP codes that are not five digits, naming the one that is wrong', async () => {
      expect(await detailsOf(await put('service-area', { version: 1, value: { zips: ['33602', '3360', '33603-1234'] } }))).toEqual({
        'value.zips.1': 'ZIP codes are five digits, e.g. 33602.',
        'value.zips.2': 'ZIP codes are five digits, e.g. 33602.',
      });
      expect(await detailsOf(await put('service-area', { version: 1, value: { zips: [] } }))).toEqual({ 'value.zips': 'Add at least one ZIP code.' });
    });

    it('refuses cancellation tiers out of order and refund days the wrong way round', async () => {
      expect(await detailsOf(await put('cancellation', { version: 1, value: { ...policy, feeNoticeHours: 24 } }))).toEqual({
        'value.feeNoticeHours': 'The fee must start closer to the job than free cancellation ends: enter fewer hours than for free cancellation.',
      });
      expect(await detailsOf(await put('cancellation', { version: 1, value: { ...policy, feePercent: 120, refundBusinessDays: { min: 6, max: 5 } } }))).toEqual({
        'value.feePercent': 'Enter a whole percentage between 0 and 100.',
        'value.refundBusinessDays.max': 'This must be at least the first number.',
      });
    });

    it('refuses a contact promise the wrong way round, a bad phone or email, a tax rate above 20% and ceilings out of range', async () => {
      expect(await detailsOf(await put('contact-promise', { version: 1, value: { min: 10, max: 5 } }))).toEqual({ 'value.max': 'This must be at least the first number.' });
      expect(await detailsOf(await put('support', { version: 0, value: { phone: '555', email: 'not-an-email' } }))).toEqual({
        'value.phone': 'Please enter a valid US phone number, e.g. (813) 555-0123.',
        'value.email': 'Please enter a valid email address.',
      });
      expect(await detailsOf(await put('tax', { version: 1, value: { taxRateBps: 2500 } }))).toEqual({ 'value.taxRateBps': 'Enter a tax rate between 0% and 20%, with at most two decimals.' });
      const limits = { hoursFactor: 0.5, hoursExtra: 4, hoursCap: 12, paintCostPerRoomCents: -1, approvalAboveHoldCents: 15000 };
      expect(await detailsOf(await put('completion-limits', { version: 1, value: limits }))).toEqual({
        'value.hoursFactor': 'Enter a factor between 1 and 10.',
        'value.paintCostPerRoomCents': 'Enter an amount between $0 and $10,000.',
      });
    });

    it('changes nothing when refused', async () => {
      const settings = await read();
      expect(settings.services[0].value.unitPriceCents).toBe(4500);
      expect(settings.sections.tax.version).toBe(1);
      expect((await history()).entries).toEqual([]);
    });
  });

  describe('saving: applies at once, recorded in the history', () => {
    it('a new price and a paused service show in the public settings at once, and the history says who changed what', async () => {
      t.setNow(new Date('2026-11-21T15:10:00Z'));
      const saved = await put('services/tv-installation', { version: 1, value: { unitPriceCents: 4900, active: true } });
      expect(saved.status).toBe(200);
      expect(await saved.json()).toMatchObject({ slug: 'tv-installation', value: { unitPriceCents: 4900, active: true }, version: 2, updatedBy: { id: ana.userId, name: 'Ana Admin' }, updatedAt: '2026-11-21T15:10:00.000Z' });
      t.setNow(new Date('2026-11-21T15:20:00Z'));
      expect((await put('services/painting', { version: 1, value: { unitPriceCents: 25000, active: false } }, ben)).status).toBe(200);

      const pub = await publicSettings();
      expect(pub.services).toEqual([
        { slug: 'tv-installation', pricingModel: 'per_job', unitPriceCents: 4900, active: true },
        { slug: 'furniture-assembly', pricingModel: 'per_hour', unitPriceCents: 3500, active: true },
        { slug: 'painting', pricingModel: 'per_room', unitPriceCents: 25000, active: false },
      ]);

      const { entries, nextBefore } = await history();
      expect(nextBefore).toBeNull();
      expect(entries).toMatchObject([
        {
          subject: 'service',
          service: 'painting',
          version: 2,
          changedAt: '2026-11-21T15:20:00.000Z',
          changedBy: { id: ben.userId, name: 'Ben Boss', email: 'ben@example.com' },
          changes: [{ path: 'active', from: true, to: false }],
        },
        {
          subject: 'service',
          service: 'tv-installation',
          version: 2,
          changedAt: '2026-11-21T15:10:00.000Z',
          changedBy: { id: ana.userId, name: 'Ana Admin', email: 'ana@example.com' },
          changes: [{ path: 'unitPriceCents', from: 4500, to: 4900 }],
        },
      ]);
    });

    it('a save equal to what is stored changes nothing and writes no history', async () => {
      const before = (await history()).entries.length;
      const r = await put('services/tv-installation', { version: 1, value: { unitPriceCents: 4900, active: true } });
      expect(r.status).toBe(200);
      expect((await r.json()).version).toBe(2);
      expect((await history()).entries).toHaveLength(before);
    });

    it('support contacts: the config until saved, then the saved ones (E.164) everywhere', async () => {
      expect((await publicSettings()).supportPhone).toBe(t.config.supportPhone);
      const r = await put('support', { version: 0, value: { phone: '(813) 555-0199', email: ' help@tampa.example ' } });
      expect(r.status).toBe(200);
      expect(await r.json()).toMatchObject({ value: { phone: '+18135550199', email: 'help@tampa.example' }, version: 1 });
      expect(await publicSettings()).toMatchObject({ supportPhone: '+18135550199', supportEmail: 'help@tampa.example' });
      const [entry] = (await history('?subject=support')).entries;
      expect(entry.changes).toHaveLength(2);
      expect(entry.changes).toEqual(
        expect.arrayContaining([
          { path: 'phone', from: t.config.supportPhone, to: '+18135550199' },
          { path: 'email', from: t.config.supportEmail, to: 'help@tampa.example' },
        ]),
      );
    });

    it('the tax rate, service area, contact promise and policy reach the public settings', async () => {
      expect((await put('tax', { version: 1, value: { taxRateBps: 800 } })).status).toBe(200);
      expect((await put('service-area', { version: 1, value: { zips: ['33606', '33602', '33602'] } })).status).toBe(200);
      expect((await put('contact-promise', { version: 1, value: { min: 10, max: 15 } })).status).toBe(200);
      const policy = { freeNoticeHours: 48, feeNoticeHours: 24, feePercent: 75, graceMinutes: 10, rescheduleNoticeHours: 48, refundBusinessDays: { min: 2, max: 4 } };
      expect((await put('cancellation', { version: 1, value: policy })).status).toBe(200);
      expect(await publicSettings()).toMatchObject({ taxRateBps: 800, serviceAreaZips: ['33602', '33606'], contactPromiseMinutes: { min: 10, max: 15 }, cancellationPolicy: policy });
      const [areaChange] = (await history('?subject=serviceArea')).entries;
      expect(areaChange.changes).toEqual([{ path: 'zips', from: expect.arrayContaining(['33602', '33603', '33647']), to: ['33602', '33606'] }]);
    });

    it("the customer's booking mails quote the saved support phone and call-back promise", async () => {
      const customer = await t.signUp(undefined, { name: 'Carla Customer' });
      const booking = await moneyActors(t).booked(customer.cookie, TV_OPTIONS, '2026-11-24T19:00:00.000Z');
      expect(booking.totalCents).toBe(4900 + 392); // the saved price and tax rate
      const received = await waitFor(async () => (await t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.bookingId, booking.id), eq(mailOutbox.template, 'booking_received'))))[0], 5000, 'the booking_received mail');
      expect(received.text).toContain('within 10-15 minutes');
      expect(received.text).toContain('(813) 555-0199');
      const ops = await waitFor(async () => (await t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.bookingId, booking.id), eq(mailOutbox.template, 'booking_received_ops'))))[0], 5000, 'the operations mail');
      expect(ops.text).toContain('Call the customer within 10-15 minutes.');
    });

    it('business hours by weekday decide the slots at once: a closed Monday offers none, a short Tuesday only its hours', async () => {
      const weeklyHours = [null, null, { openMinute: 600, closeMinute: 720 }, { openMinute: 480, closeMinute: 1200 }, { openMinute: 480, closeMinute: 1200 }, { openMinute: 480, closeMinute: 1200 }, { openMinute: 540, closeMinute: 1020 }];
      const r = await put('hours', { version: 1, value: { weeklyHours, stepMinutes: 30, leadMinutes: 120, bufferMinutes: 30, daysAhead: 14 } });
      expect(r.status).toBe(200);
      const slots = async (date: string) => (await (await t.request(`/api/services/tv-installation/slots?date=${date}&durationMinutes=60`)).json()).starts;
      expect(await slots('2026-11-23')).toEqual([]); // Monday, closed
      // Tuesday 10:00-12:00 EST: 10:00, 10:30, 11:00 for a one-hour job
      expect(await slots('2026-11-24')).toEqual(['2026-11-24T15:00:00.000Z', '2026-11-24T15:30:00.000Z', '2026-11-24T16:00:00.000Z']);
      const pub = await publicSettings();
      expect(pub.slotRules).toMatchObject({ weeklyHours, openMinute: 480, closeMinute: 1200 });
      const [entry] = (await history('?subject=hours')).entries;
      expect(entry.changes).toEqual(
        expect.arrayContaining([
          { path: 'weeklyHours.0', from: { openMinute: 480, closeMinute: 1200 }, to: null },
          { path: 'weeklyHours.2.openMinute', from: 480, to: 600 },
          { path: 'weeklyHours.2.closeMinute', from: 1200, to: 720 },
        ]),
      );
    });

    it('pages the history newest first', async () => {
      const all = (await history()).entries;
      expect(all.length).toBeGreaterThan(3);
      const first = await history('?limit=2');
      expect(first.entries).toEqual(all.slice(0, 2));
      const second = await history(`?limit=2&before=${first.nextBefore}`);
      expect(second.entries).toEqual(all.slice(2, 4));
      expect((await history('?subject=tax')).entries.map((e: { subject: string }) => e.subject)).toEqual(['tax']);
    });
  });

  describe('two admins saving at once', () => {
    it('the second save, based on the version both read, is a 409 with the value saved now and who saved it', async () => {
      const base = (await read()).sections.completionLimits;
      const anaSave = await put('completion-limits', { version: base.version, value: { ...base.value, hoursCap: 10 } });
      expect(anaSave.status).toBe(200);
      const benSave = await put('completion-limits', { version: base.version, value: { ...base.value, paintCostPerRoomCents: 40_000 } }, ben);
      expect(benSave.status).toBe(409);
      const body = await benSave.json();
      expect(body.code).toBe('settings_changed');
      expect(body.message).toBe('Ana Admin saved this section on Saturday, November 21, 2026 at 10:20 AM EST, after you opened it. Your changes were not saved.');
      expect(body.hint).toBe('Review the values saved now, then save again to replace them.');
      expect(body.details.version).toBe(String(base.version + 1));
      expect(JSON.parse(body.details.current)).toEqual({ ...base.value, hoursCap: 10 });
      // Ana's change stands; Ben saves again on the new version and both changes are kept
      const again = await put('completion-limits', { version: base.version + 1, value: { ...base.value, hoursCap: 10, paintCostPerRoomCents: 40_000 } }, ben);
      expect(again.status).toBe(200);
      expect((await read()).sections.completionLimits).toMatchObject({ version: base.version + 2, value: { hoursCap: 10, paintCostPerRoomCents: 40_000 } });
    });

    it('answers 409 in Spanish too', async () => {
      const r = await put('services/furniture-assembly', { version: 0, value: { unitPriceCents: 3600, active: true } }, ben, 'es');
      expect(r.status).toBe(409);
      expect((await r.json()).message).toBe('Esta sección cambió después de que usted la abriera. Sus cambios no se guardaron.');
    });

    it('truly concurrent saves of one section: exactly one wins, the other gets 409, nothing is lost silently', async () => {
      const base = (await read()).sections.contactPromise;
      const values = [
        { min: 3, max: 8 },
        { min: 6, max: 12 },
        { min: 7, max: 9 },
      ];
      const answers = await Promise.all(values.map((value, i) => put('contact-promise', { version: base.version, value }, i % 2 ? ben : ana)));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 409, 409]);
      const winner = values[answers.findIndex((a) => a.status === 200)];
      expect((await publicSettings()).contactPromiseMinutes).toEqual(winner);
      const entries = (await history('?subject=contactPromise')).entries;
      expect(entries[0]).toMatchObject({ version: base.version + 1, changes: expect.arrayContaining([{ path: 'min', from: base.value.min, to: winner!.min }]) });
      expect(entries.filter((e: { version: number }) => e.version === base.version + 1)).toHaveLength(1);
    });

    it('two first saves of a section never saved (version 0): one inserts it, the other is a 409', async () => {
      // the support row exists now; this uses a fresh app so the section is still unsaved
      const fresh = await createTestApp({ now: NOW });
      try {
        const admins = await Promise.all(
          ['x@example.com', 'y@example.com'].map(async (email) => {
            const caller = await fresh.signUp(email, { name: email });
            await fresh.deps.db.insert(userRoles).values({ userId: caller.userId, role: 'admin' });
            return caller;
          }),
        );
        const answers = await Promise.all(
          admins.map((admin, i) =>
            fresh.request('/api/admin/settings/support', { method: 'PUT', cookie: admin.cookie, json: { version: 0, value: { phone: `813555010${i}`, email: `help${i}@example.com` } } }),
          ),
        );
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      } finally {
        await fresh.close();
      }
    });
  });
});
