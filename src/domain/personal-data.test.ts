import { describe, expect, it } from 'vitest';
import { isPersonalParamName, passesLuhnCheck, personalDataIn, withoutPersonalParams } from './personal-data';

describe('personal data in analytics values', () => {
  it.each([
    ['rosa@example.com', 'email'],
    ['contact: Rosa.Diaz+tampa@mail.example.org today', 'email'],
    ['8135550123', 'phone'],
    ['(813) 555-0123', 'phone'],
    ['+1 813.555.0123', 'phone'],
    ['call 813-555-0123 now', 'phone'],
    ['+44 20 7946 0958', 'phone'],
    ['4242424242424242', 'card'],
    ['4242 4242 4242 4242', 'card'],
    ['4000-0025-0000-3155', 'card'],
  ] as const)('%s is %s', (text, kind) => {
    expect(personalDataIn(text)).toBe(kind);
  });

  it.each([
    'tv-installation',
    '/book/painting',
    '2026-11-21',
    '2026-11-21T15:00:00.000Z',
    '2026-11-21 15:00:00',
    '550e8400-e29b-41d4-a716-446655440000',
    'validation.screenSizeRequired',
    'options.screenSize',
    'TB-8F3K2Q',
    '1234567890123', // 13 digits failing Luhn: neither a card nor a 3-3-4 phone
    '33602',
    'v1.2.3',
  ])('%s is not personal', (text) => {
    expect(personalDataIn(text)).toBeNull();
  });

  it('reads large integers as their digits, small numbers never', () => {
    expect(personalDataIn(8135550123)).toBe('phone');
    expect(personalDataIn(4242424242424242)).toBe('card');
    expect(personalDataIn(4838)).toBeNull();
    expect(personalDataIn(2512.7)).toBeNull();
    expect(personalDataIn(0.12)).toBeNull();
  });

  it('passes the Luhn check for test cards only', () => {
    expect(passesLuhnCheck('4242424242424242')).toBe(true);
    expect(passesLuhnCheck('4242424242424241')).toBe(false);
    expect(passesLuhnCheck('79927398713')).toBe(true);
  });

  it('knows names that say personal or secret', () => {
    for (const name of ['email', 'customerEmail', 'phone_number', 'access_token', 'password', 'cardNumber', 'full_name', 'street']) expect(isPersonalParamName(name), name).toBe(true);
    for (const name of ['service', 'step', 'field', 'rule', 'rating', 'tier', 'navigationType', 'zip']) expect(isPersonalParamName(name), name).toBe(false);
  });

  it('removes personal parameters and names them', () => {
    expect(withoutPersonalParams({ service: 'painting', note: 'mail me at a@b.co', email: 'x', rooms: 2, phone: null, ok: true })).toEqual({
      params: { service: 'painting', rooms: 2, ok: true },
      removed: ['note', 'email', 'phone'],
    });
  });
});
