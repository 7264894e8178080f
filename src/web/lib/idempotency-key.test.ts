import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { withIdempotencyKey } from './idempotency-key';

/** An action that records the keys it was sent with and fails with the next queued error, if any. */
function recordingAction(name: string) {
  const keys: string[] = [];
  const failures: unknown[] = [];
  const send = vi.fn(async ({ idempotencyKey }: { bookingId: string; amountCents: number; idempotencyKey: string }) => {
    keys.push(idempotencyKey);
    if (failures.length > 0) throw failures.shift();
    return 'done';
  });
  return { run: withIdempotencyKey(name, send), keys, failWith: (error: unknown) => failures.push(error) };
}

const refund = { bookingId: 'b1', amountCents: 2050 };

describe('withIdempotencyKey', () => {
  it('sends the same key again after no answer or a 5xx, until the server answers', async () => {
    const action = recordingAction('test.retry');
    action.failWith(new ApiError(0, 'network_error', 'Network'));
    action.failWith(new ApiError(502, 'gateway_error', 'Bad gateway'));

    await expect(action.run(refund)).rejects.toThrow('Network');
    await expect(action.run(refund)).rejects.toThrow('Bad gateway');
    await expect(action.run(refund)).resolves.toBe('done');
    // Answered: the same refund pressed again is a new refund.
    await action.run(refund);

    expect(action.keys[1]).toBe(action.keys[0]);
    expect(action.keys[2]).toBe(action.keys[0]);
    expect(action.keys[3]).not.toBe(action.keys[0]);
  });

  it('makes a new key after a final refusal, and for a changed request', async () => {
    const action = recordingAction('test.final');
    action.failWith(new ApiError(409, 'not_cancellable', 'Too late', { status: 'completed' }));
    await expect(action.run(refund)).rejects.toThrow('Too late');
    await action.run(refund);
    expect(action.keys[1]).not.toBe(action.keys[0]);

    action.failWith(new ApiError(503, 'payment_pending', 'Pending'));
    await expect(action.run(refund)).rejects.toThrow('Pending');
    await action.run({ ...refund, amountCents: 1000 });
    expect(action.keys[3]).not.toBe(action.keys[2]);
  });

  it('keeps the keys of two actions apart', async () => {
    const cancel = recordingAction('test.cancel');
    const noShow = recordingAction('test.noShow');
    cancel.failWith(new ApiError(0, 'network_error', 'Network'));
    noShow.failWith(new ApiError(0, 'network_error', 'Network'));
    await expect(cancel.run(refund)).rejects.toThrow();
    await expect(noShow.run(refund)).rejects.toThrow();
    expect(noShow.keys[0]).not.toBe(cancel.keys[0]);
  });
});
