import { describe, expect, it } from 'vitest';
import { addressSchema } from './address';

const tampa = { street: '601 N Ashley Dr', unit: 'Suite 1100', city: 'Tampa', state: 'FL', zip: '33602' };

/** The issues of a failed parse as [message, path] pairs. */
function issuesOf(input: unknown): Array<[string, PropertyKey[]]> {
  const result = addressSchema.safeParse(input);
  if (result.success) throw new Error(`expected a validation failure, got ${JSON.stringify(result.data)}`);
  return result.error.issues.map((issue) => [issue.message, issue.path]);
}

describe('addressSchema', () => {
  it('accepts a complete Tampa address', () => {
    expect(addressSchema.parse(tampa)).toEqual(tampa);
  });

  it('trims the fields and upper-cases the state', () => {
    expect(addressSchema.parse({ street: '  601 N Ashley Dr ', unit: ' 4B ', city: ' Tampa ', state: ' fl ', zip: ' 33602 ' })).toEqual({
      street: '601 N Ashley Dr',
      unit: '4B',
      city: 'Tampa',
      state: 'FL',
      zip: '33602',
    });
  });

  it('treats the unit as optional (absent or blank)', () => {
    const { unit: _omitted, ...withoutUnit } = tampa;
    expect(addressSchema.parse(withoutUnit)).toEqual(withoutUnit);
    expect(addressSchema.parse({ ...tampa, unit: '   ' })).toEqual(withoutUnit);
  });

  it('reports every missing required field at once', () => {
    expect(issuesOf({})).toEqual([
      ['validation.streetRequired', ['street']],
      ['validation.cityRequired', ['city']],
      ['validation.stateInvalid', ['state']],
      ['validation.zipInvalid', ['zip']],
    ]);
  });

  it('requires a street address', () => {
    expect(issuesOf({ ...tampa, street: '' })).toEqual([['validation.streetRequired', ['street']]]);
    expect(issuesOf({ ...tampa, street: '  ' })).toEqual([['validation.streetRequired', ['street']]]);
    expect(issuesOf({ ...tampa, street: 'Ab' })).toEqual([['validation.streetRequired', ['street']]]);
    expect(addressSchema.parse({ ...tampa, street: '1 A' })).toMatchObject({ street: '1 A' });
  });

  it('requires a city', () => {
    expect(issuesOf({ ...tampa, city: ' ' })).toEqual([['validation.cityRequired', ['city']]]);
    expect(issuesOf({ ...tampa, city: 'T' })).toEqual([['validation.cityRequired', ['city']]]);
  });

  it('rejects over-long fields', () => {
    expect(issuesOf({ ...tampa, street: 'x'.repeat(201) })).toEqual([['validation.tooLong', ['street']]]);
    expect(issuesOf({ ...tampa, unit: 'x'.repeat(51) })).toEqual([['validation.tooLong', ['unit']]]);
    expect(issuesOf({ ...tampa, city: 'x'.repeat(101) })).toEqual([['validation.tooLong', ['city']]]);
  });

  it.each(['GA', 'Florida', 'F', '', 'FLA'])('serves Florida only: rejects the state %j', (state) => {
    expect(issuesOf({ ...tampa, state })).toEqual([['validation.stateInvalid', ['state']]]);
  });

  it.each(['33602', '33602-1234'])('accepts the ZIP %s', (zip) => {
    expect(addressSchema.parse({ ...tampa, zip })).toMatchObject({ zip });
  });

  it.each(['3360', '336022', '336021234', '33602-123', '33602-', 'ABCDE', ''])('rejects the ZIP %j', (zip) => {
    expect(issuesOf({ ...tampa, zip })).toEqual([['validation.zipInvalid', ['zip']]]);
  });
});
