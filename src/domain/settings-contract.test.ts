import { describe, expect, it } from 'vitest';
import { cancellationSettingSchema, hoursSettingSchema, serviceAreaSettingSchema, serviceSettingSchema, settingChanges, supportSettingSchema } from './settings-contract';

/** The first message for each field, as the API's 400 reports them. */
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).toReversed().map((issue) => [issue.path.join('.'), issue.message]));

describe('settingChanges', () => {
  it('lists each changed field with its old and new value, and nothing when equal', () => {
    expect(settingChanges({ unitPriceCents: 4500, active: true }, { unitPriceCents: 4900, active: true })).toEqual([{ path: 'unitPriceCents', from: 4500, to: 4900 }]);
    expect(settingChanges({ min: 5, max: 10 }, { max: 10, min: 5 })).toEqual([]);
  });

  it('goes into nested objects and lists of objects, and treats a closed day and a ZIP list as one field each', () => {
    const day = { openMinute: 480, closeMinute: 1200 };
    expect(settingChanges({ weeklyHours: [day, day], refundBusinessDays: { min: 3, max: 5 } }, { weeklyHours: [null, { ...day, openMinute: 540 }], refundBusinessDays: { min: 3, max: 6 } })).toEqual([
      { path: 'weeklyHours.0', from: day, to: null },
      { path: 'weeklyHours.1.openMinute', from: 480, to: 540 },
      { path: 'refundBusinessDays.max', from: 5, to: 6 },
    ]);
    expect(settingChanges({ zips: ['33602', '33603'] }, { zips: ['33602', '33606'] })).toEqual([{ path: 'zips', from: ['33602', '33603'], to: ['33602', '33606'] }]);
  });

  it('reports a field that appears or disappears with null on the missing side', () => {
    expect(settingChanges({ phone: '+18135550100' }, { phone: '+18135550100', email: 'a@b.example' })).toEqual([{ path: 'email', from: null, to: 'a@b.example' }]);
  });
});

describe('the section rules', () => {
  it('prices: whole cents from $1 to $10,000, never negative', () => {
    expect(serviceSettingSchema.safeParse({ unitPriceCents: 100, active: false }).success).toBe(true);
    expect(messages(serviceSettingSchema.safeParse({ unitPriceCents: -1, active: true }))).toEqual({ unitPriceCents: 'adminSettings.validation.priceNegative' });
    expect(messages(serviceSettingSchema.safeParse({ unitPriceCents: 1_000_001, active: true }))).toEqual({ unitPriceCents: 'adminSettings.validation.priceTooHigh' });
  });

  it('hours: opening before closing on each open day, at least one day open', () => {
    const rules = { stepMinutes: 30, leadMinutes: 120, bufferMinutes: 30, daysAhead: 14 };
    const week = (day: unknown) => [day, null, null, null, null, null, null];
    expect(hoursSettingSchema.safeParse({ ...rules, weeklyHours: week({ openMinute: 0, closeMinute: 1440 }) }).success).toBe(true);
    expect(messages(hoursSettingSchema.safeParse({ ...rules, weeklyHours: week({ openMinute: 600, closeMinute: 600 }) }))).toEqual({ 'weeklyHours.0.closeMinute': 'adminSettings.validation.hoursOrder' });
    expect(messages(hoursSettingSchema.safeParse({ ...rules, weeklyHours: week(null) }))).toEqual({ weeklyHours: 'adminSettings.validation.noOpenDay' });
    expect(messages(hoursSettingSchema.safeParse({ ...rules, weeklyHours: [null] }))).toEqual({ weeklyHours: 'validation.invalid' });
  });

  it('cancellation tiers in order: the fee starts with less notice than free cancellation needs', () => {
    const policy = { freeNoticeHours: 24, feeNoticeHours: 12, feePercent: 50, graceMinutes: 5, rescheduleNoticeHours: 24, refundBusinessDays: { min: 3, max: 5 } };
    expect(cancellationSettingSchema.safeParse(policy).success).toBe(true);
    expect(messages(cancellationSettingSchema.safeParse({ ...policy, feeNoticeHours: 30 }))).toEqual({ feeNoticeHours: 'adminSettings.validation.tiersOrder' });
  });

  it('ZIP codes: five digits each; repeats dropped and sorted', () => {
    expect(serviceAreaSettingSchema.parse({ zips: ['33606', '33602', '33606'] })).toEqual({ zips: ['33602', '33606'] });
    expect(messages(serviceAreaSettingSchema.safeParse({ zips: ['33602', '3360A'] }))).toEqual({ 'zips.1': 'adminSettings.validation.zipInvalid' });
  });

  it('support: a US phone in any common format becomes E.164; the email is trimmed', () => {
    expect(supportSettingSchema.parse({ phone: '(813) 555-0199', email: ' help@tampa.example ' })).toEqual({ phone: '+18135550199', email: 'help@tampa.example' });
  });
});
