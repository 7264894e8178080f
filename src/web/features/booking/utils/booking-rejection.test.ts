import { describe, expect, it } from 'vitest';
import { ApiError } from '@/web/lib/api-client';
import { feedbackFromIssues, rejectionOf } from './booking-rejection';

describe('what a refused booking sends the customer back to', () => {
  it('a declined card: Payment, with the bank\'s words, the card cleared and a new key', () => {
    expect(rejectionOf(new ApiError(402, 'card_declined', 'Insufficient funds.'), 'x')).toEqual({
      step: 'payment', message: 'Insufficient funds.', clearCard: true, sameKeyOnRetry: false,
    });
  });

  it('a taken time: Date & Time, with the time cleared', () => {
    expect(rejectionOf(new ApiError(409, 'slot_unavailable', 'Taken.'), 'x')).toMatchObject({ step: 'datetime', clearStart: true, sameKeyOnRetry: false });
  });

  it('field details: the step of the field entered first in the flow', () => {
    const error = new ApiError(400, 'validation_failed', 'Fix it.', { 'address.zip': 'Bad ZIP', 'options.screenSize': 'Pick a size' });
    expect(rejectionOf(error, 'x')).toMatchObject({ step: 'options', fields: { 'address.zip': 'Bad ZIP', 'options.screenSize': 'Pick a size' } });
    expect(rejectionOf(new ApiError(422, 'outside_service_area', 'Not served.', { 'address.zip': 'Not served.' }), 'x').step).toBe('address');
  });

  it('a lost session: Sign In', () => {
    expect(rejectionOf(new ApiError(401, 'unauthenticated', 'Sign in.'), 'x').step).toBe('signin');
  });

  it('an answer that may not have arrived keeps the key, so a retry cannot book twice', () => {
    expect(rejectionOf(new ApiError(0, 'network_error', 'Offline.'), 'x')).toEqual({ step: 'review', message: 'Offline.', sameKeyOnRetry: true });
    expect(rejectionOf(new ApiError(500, 'internal', 'Oops.'), 'x').sameKeyOnRetry).toBe(true);
  });

  it('client-side issues map like server details', () => {
    expect(feedbackFromIssues([{ path: ['startAt'], message: 'validation.startInvalid' }], 'Fix it.')).toEqual({
      step: 'datetime', message: 'Fix it.', fields: { startAt: 'validation.startInvalid' },
    });
  });
});
