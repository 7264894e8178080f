import { describe, expect, it } from 'vitest';
import { newDraft, type BookingDraft } from '../hooks/use-booking-draft';
import { reachableStep } from './reachable-step';

function complete(step: BookingDraft['step']): BookingDraft {
  const draft = newDraft('painting');
  return {
    ...draft,
    step,
    options: { ...draft.options, painting: { service: 'painting', rooms: 2, colorCode: '', paintSupplier: 'customer' } },
    startAt: '2026-05-15T18:00:00.000Z',
    address: { street: '401 Channelside Dr', unit: '', city: 'Tampa', state: 'FL', zip: '33602' },
    contactPhone: '813-555-0123',
    paymentMethod: { id: 'pm_1', brand: 'visa', last4: '4242' },
  };
}

describe('the step a draft may show', () => {
  it('keeps a complete draft where it was', () => {
    expect(reachableStep(complete('review'), true)).toBe('review');
  });

  it('returns to the first unfinished step', () => {
    expect(reachableStep({ ...complete('review'), startAt: null }, true)).toBe('datetime');
    expect(reachableStep({ ...complete('payment'), contactPhone: 'nope' }, true)).toBe('address');
    const noSupplier = complete('review');
    noSupplier.options.painting = { ...noSupplier.options.painting, paintSupplier: undefined };
    expect(reachableStep(noSupplier, true)).toBe('options');
  });

  it('skips Sign In when signed in and holds signed-out customers there', () => {
    expect(reachableStep(complete('signin'), true)).toBe('payment');
    expect(reachableStep(complete('review'), false)).toBe('signin');
    expect(reachableStep(complete('review'), null)).toBe('review');
  });
});
