import { describe, expect, it } from 'vitest';
import { failedRules } from './use-funnel-events';

describe('the rules a step form failed', () => {
  it('names each failing field, nested ones by their path, with the i18n key of its rule', () => {
    expect(
      failedRules({
        screenSize: { type: 'invalid_value', message: 'validation.screenSizeRequired' },
        address: {
          zip: { type: 'validation.outsideServiceArea', message: "Sorry, we don't serve ZIP code 90210 yet." },
          street: { type: 'too_small', message: 'validation.streetRequired' },
        },
        contactPhone: { type: 'server', message: 'Bitte Telefonnummer prüfen' },
        notes: { type: '', message: 'Too long' },
      } as never),
    ).toEqual([
      { field: 'screenSize', rule: 'validation.screenSizeRequired' },
      { field: 'address.zip', rule: 'validation.outsideServiceArea' },
      { field: 'address.street', rule: 'validation.streetRequired' },
      { field: 'contactPhone', rule: 'form.server' },
      { field: 'notes', rule: 'form.invalid' },
    ]);
  });
});
