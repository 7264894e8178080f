import { describe, expect, it } from 'vitest';
import { normalizeUsPhone, usPhoneSchema } from './phone';

describe('normalizeUsPhone', () => {
  it.each([
    ['(813) 555-0123', '+18135550123'],
    ['813-555-0123', '+18135550123'],
    ['813.555.0123', '+18135550123'],
    ['8135550123', '+18135550123'],
    ['1 (813) 555-0123', '+18135550123'],
    ['+1 813 555 0123', '+18135550123'],
    ['  (727) 555-0199  ', '+17275550199'],
  ])('stores %j as %s', (input, expected) => {
    expect(normalizeUsPhone(input)).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['letters', 'call me'],
    ['too short', '813 555 012'],
    ['too long', '813 555 01234'],
    ['seven digits without area code', '555-0123'],
    ['area code starting with 0', '(013) 555-0123'],
    ['UK number', '+44 20 7946 0958'],
    ['Canadian number', '+1 416 555 0123'],
  ])('rejects a %s number', (_label, input) => {
    expect(normalizeUsPhone(input)).toBeNull();
  });
});

describe('usPhoneSchema', () => {
  it('outputs E.164', () => {
    expect(usPhoneSchema.parse('(813) 555-0123')).toBe('+18135550123');
  });

  it.each([['813'], [''], [8135550123], [null]])('rejects %j with the phoneInvalid message', (input) => {
    const result = usPhoneSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['validation.phoneInvalid']);
  });
});
