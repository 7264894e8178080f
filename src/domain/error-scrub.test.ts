import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passesLuhn, scrubContext, scrubText, scrubValue } from './error-scrub';

describe('scrubText', () => {
  it('removes card numbers that pass the Luhn check, written together, with spaces or dashes', () => {
    expect(scrubText('card 4242424242424242 declined')).toBe('card [card] declined');
    expect(scrubText('card 4242 4242 4242 4242 declined')).toBe('card [card] declined');
    expect(scrubText('amex 3782-822463-10005')).toBe('amex [card]');
    // not a card: fails Luhn, or too short
    expect(scrubText('order 4242424242424241')).toBe('order 4242424242424241');
    expect(scrubText('booking 123456')).toBe('booking 123456');
  });

  it('removes passwords, tokens, secrets and credentials, keeping the names', () => {
    expect(scrubText('POST /reset?token=abc123&lang=es')).toBe('POST /reset?token=[redacted]&lang=es');
    expect(scrubText('https://book.example.com/reset-password?token=s3cr3t')).toBe('https://book.example.com/reset-password?token=[redacted]');
    expect(scrubText('body {"email":"a@b.co","password":"hunter2!"}')).toBe('body {"email":"a@b.co","password":"[redacted]"}');
    expect(scrubText('newPassword: hunter2, ok')).toBe('newPassword: [redacted], ok');
    expect(scrubText('Authorization: Bearer abc.def.ghi')).toBe('Authorization: [redacted] [redacted]');
    expect(scrubText('jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig here')).toBe('jwt [redacted] here');
    expect(scrubText('key sk_live_51Habc and pi_3Nabc_secret_XYZ')).toBe('key [redacted] and [redacted]');
    expect(scrubText('cookie=better-auth.session_token=abc')).toBe('cookie=[redacted]');
    expect(scrubText('cvc=123 api_key=k')).toBe('cvc=[redacted] api_key=[redacted]');
  });

  it('keeps ordinary text, and scrubbing twice changes nothing more', () => {
    const text = 'TypeError: Cannot read properties of undefined (reading "total") at https://x.example/assets/a.js:1:2';
    expect(scrubText(text)).toBe(text);
    const once = scrubText('password=a&token=b card 4242424242424242');
    expect(scrubText(once)).toBe(once);
  });

  it('never lets a Luhn-valid 16-digit number through, whatever surrounds it', () => {
    const card = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 15, maxLength: 15 }).map((digits) => {
      const body = digits.join('');
      const check = [...Array(10).keys()].find((d) => passesLuhn(`${body}${d}`))!;
      return `${body}${check}`;
    });
    fc.assert(
      fc.property(fc.string(), card, fc.string(), (before, number, after) => {
        const text = `${before.replace(/\d/g, 'x')} ${number} ${after.replace(/\d/g, 'y')}`;
        expect(scrubText(text)).not.toContain(number);
      }),
    );
  });

  it('keeps the ids in a URL whole, though a UUID can hold a hyphenated digit run that passes Luhn', () => {
    const url = 'https://book.example.com/admin/bookings/5a765855-7152-4460-a12a-a718268e0157';
    expect(scrubText(url)).toBe(url);
    expect(scrubText(`${url} card 4242 4242 4242 4242`)).toBe(`${url} card [card]`);
  });

  it('takes linear time on long input', () => {
    const long = `${'a'.repeat(16_000)}`;
    const started = performance.now();
    scrubText(long);
    scrubText(`${'token'.repeat(3000)}`);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('scrubValue and scrubContext', () => {
  it('drops the values of secret keys at any depth and scrubs every string', () => {
    expect(
      scrubContext({
        route: '/settings',
        form: { email: 'a@b.co', password: 'x', nested: { accessToken: 'y', note: 'pay with 4242424242424242' } },
        list: ['token=z', 4242424242424242],
        cardNumber: '4000 0000 0000 0002',
      }),
    ).toEqual({
      route: '/settings',
      form: { email: 'a@b.co', password: '[redacted]', nested: { accessToken: '[redacted]', note: 'pay with [card]' } },
      list: ['token=[redacted]', '[card]'],
      cardNumber: '[redacted]',
    });
    expect(scrubContext(null)).toBeNull();
  });

  it('caps depth and array length', () => {
    const deep = { a: { b: { c: { d: { e: { f: { g: 1 } } } } } } };
    expect(JSON.stringify(scrubValue(deep))).toContain('[truncated]');
    expect((scrubValue(Array.from({ length: 80 }, (_, i) => i)) as unknown[]).length).toBe(50);
    expect(scrubValue({ fn: () => 1, u: undefined, ok: true })).toEqual({ ok: true });
  });
});
