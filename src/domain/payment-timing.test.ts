import { describe, expect, it } from 'vitest';
import { paymentNoticeMessage } from './payment-notice-message';
import { paymentTimingNotice } from './payment-timing';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const start = new Date('2026-12-10T15:00:00Z'); // 10:00 AM Tampa (EST)
const none = { capturedCents: 0, extraChargedCents: 0, refundedCents: 0, paidCents: 0 };

describe('paymentTimingNotice before the booking exists', () => {
  it('holds now when the job is exactly 5 days away, and saves the card one minute further out', () => {
    expect(paymentTimingNotice({ start, now: new Date(start.getTime() - 5 * DAY), totalCents: 4838 })).toEqual({ kind: 'hold_now', amountCents: 4838 });
    expect(paymentTimingNotice({ start, now: new Date(start.getTime() - 5 * DAY - MINUTE), totalCents: 4838 })).toEqual({
      kind: 'card_saved',
      amountCents: 4838,
      holdAt: new Date('2026-12-09T15:00:00Z'),
    });
  });

  it('holds now for a same-week job and names the amount', () => {
    const notice = paymentTimingNotice({ start, now: new Date(start.getTime() - 2 * DAY), totalCents: 4838 });
    expect(paymentNoticeMessage(notice, 'en')).toEqual({ key: 'paymentNotice.holdNow', values: { amount: '$48.38' } });
  });

  it('counts 5 days in hours across the fall-back change: 5 calendar days before is 121 hours, so the card is saved', () => {
    // Sunday 2026-11-01 02:00 EDT -> 01:00 EST. A 10:00 AM job on Nov 3 (EST) and "now" 10:00 AM on Oct 29 (EDT).
    const job = new Date('2026-11-03T15:00:00Z');
    const now = new Date('2026-10-29T14:00:00Z');
    const notice = paymentTimingNotice({ start: job, now, totalCents: 4838 });
    expect(notice.kind).toBe('card_saved');
    // The hold is due 24 hours before the job, an instant: 10:00 AM Tampa the day before.
    expect(notice).toMatchObject({ holdAt: new Date('2026-11-02T15:00:00Z') });
    expect(paymentNoticeMessage(notice, 'en').values.holdAt).toMatch(/Monday, November 2, 2026.*10:00\s?AM/);
  });

  it('counts 5 days in hours across the spring-forward change: 5 calendar days before is 119 hours, so it holds now', () => {
    // Sunday 2027-03-14 02:00 EST -> 03:00 EDT.
    const job = new Date('2027-03-16T14:00:00Z'); // 10:00 AM EDT
    const now = new Date('2027-03-11T15:00:00Z'); // 10:00 AM EST, 119 hours before
    expect(paymentTimingNotice({ start: job, now, totalCents: 4838 }).kind).toBe('hold_now');
  });
});

describe('paymentTimingNotice once the booking exists', () => {
  const booked = { start, now: new Date(start.getTime() - 7 * DAY), totalCents: 53750 };

  it('a far-future booking whose card is saved still says "about 24 hours before", with the total, not $0.00', () => {
    const notice = paymentTimingNotice({ ...booked, payment: { status: 'card_saved', amountHeldCents: 0 }, money: none });
    expect(notice).toEqual({ kind: 'card_saved', amountCents: 53750, holdAt: new Date('2026-12-09T15:00:00Z') });
    const es = paymentNoticeMessage(notice, 'es');
    expect(es.key).toBe('paymentNotice.cardSaved');
    expect(es.values.amount).toBe('$537.50');
    expect(es.values.holdAt).toContain('miércoles, 9 de diciembre de 2026');
  });

  it('a live hold is "held" with the held amount', () => {
    expect(paymentTimingNotice({ ...booked, payment: { status: 'authorized', amountHeldCents: 53750 }, money: none })).toEqual({ kind: 'held', amountCents: 53750 });
  });

  it('after a capture it says what was charged, never the hold', () => {
    const money = { capturedCents: 4838, extraChargedCents: 1000, refundedCents: 0, paidCents: 5838 };
    expect(paymentTimingNotice({ ...booked, payment: { status: 'captured', amountHeldCents: 4838 }, money })).toEqual({ kind: 'charged', amountCents: 5838, refundedCents: 0 });
  });

  it('a released hold with nothing charged says released; with a cancellation fee taken it says charged', () => {
    expect(paymentTimingNotice({ ...booked, payment: { status: 'voided', amountHeldCents: 53750 }, money: none })).toEqual({ kind: 'released' });
    const fee = { capturedCents: 26875, extraChargedCents: 0, refundedCents: 0, paidCents: 26875 };
    expect(paymentTimingNotice({ ...booked, payment: { status: 'voided', amountHeldCents: 53750 }, money: fee })).toEqual({ kind: 'charged', amountCents: 26875, refundedCents: 0 });
  });

  it('refunds: partly refunded is charged with the refund, wholly refunded is refunded', () => {
    const partly = { capturedCents: 4838, extraChargedCents: 0, refundedCents: 1000, paidCents: 3838 };
    expect(paymentTimingNotice({ ...booked, payment: { status: 'partially_refunded', amountHeldCents: 4838 }, money: partly })).toEqual({ kind: 'charged', amountCents: 4838, refundedCents: 1000 });
    const all = { capturedCents: 4838, extraChargedCents: 0, refundedCents: 4838, paidCents: 0 };
    expect(paymentTimingNotice({ ...booked, payment: { status: 'refunded', amountHeldCents: 4838 }, money: all })).toEqual({ kind: 'refunded', amountCents: 4838 });
  });

  it('a failed deferred hold and an expired hold say so', () => {
    expect(paymentTimingNotice({ ...booked, payment: { status: 'failed', amountHeldCents: 0 }, money: none })).toEqual({ kind: 'hold_failed', amountCents: 53750 });
    expect(paymentTimingNotice({ ...booked, payment: { status: 'expired', amountHeldCents: 53750 }, money: none })).toEqual({ kind: 'expired' });
  });
});
