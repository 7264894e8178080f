import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PUSH_EVENTS, pushPayloadSchema } from '@/domain/push-contract';
import { notificationTarget, readPushPayload } from './push-message';

const valid = { event: 'assignment', title: 'New job assigned', body: 'TV installation today at 2:00 PM', url: '/worker', tag: 'booking-b1' };

describe("the service worker's reading of a push message (issue #15)", () => {
  it('reads a payload the server sends', () => {
    expect(readPushPayload(JSON.stringify(valid))).toEqual(valid);
  });

  it('refuses text that is not a payload', () => {
    for (const text of [null, undefined, '', 'not json', '[]', 'null', '"text"', JSON.stringify({ ...valid, event: 'promotion' }), JSON.stringify({ ...valid, url: 'https://elsewhere.example' }), JSON.stringify({ ...valid, title: 'x'.repeat(121) }), JSON.stringify({ ...valid, tag: undefined })]) {
      expect(readPushPayload(text), String(text)).toBeNull();
    }
  });

  // The hand-written check stands in for pushPayloadSchema (zod stays out of the worker): both
  // must accept and refuse the same messages, and give the same payload.
  it('accepts and refuses exactly what pushPayloadSchema does', () => {
    const text = (max: number) => fc.oneof(fc.string({ maxLength: max + 3 }), fc.constant('/worker'), fc.constant('x'.repeat(max)), fc.constant('x'.repeat(max + 1)));
    const field = (max: number) => fc.oneof(text(max), fc.integer(), fc.constant(null));
    const message = fc.record(
      {
        event: fc.oneof(fc.constantFrom(...PUSH_EVENTS), fc.string(), fc.integer()),
        title: field(120),
        body: field(400),
        url: fc.oneof(field(300), fc.string({ maxLength: 20 }).map((s) => `/${s}`), fc.constant(`/${'p'.repeat(299)}`), fc.constant(`/${'p'.repeat(300)}`)),
        tag: field(100),
        extra: fc.string(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(message, (candidate) => {
        const schema = pushPayloadSchema.safeParse(candidate);
        const ours = readPushPayload(JSON.stringify(candidate));
        expect(ours).toEqual(schema.success ? schema.data : null);
      }),
      { numRuns: 2000 },
    );
  });

  it('opens only pages of this app when a notification is tapped', () => {
    const origin = 'https://handyman.example';
    expect(notificationTarget('/admin/chats?c=1', origin)).toBe('https://handyman.example/admin/chats?c=1');
    expect(notificationTarget('//elsewhere.example/phish', origin)).toBe('https://handyman.example/');
    expect(notificationTarget('/\\elsewhere.example', origin)).toBe('https://handyman.example/');
    expect(notificationTarget('https://elsewhere.example/', origin)).toBe('https://handyman.example/');
    expect(notificationTarget(undefined, origin)).toBe('https://handyman.example/');
  });
});
