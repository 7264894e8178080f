import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import en from '../web/locales/en/validation.json';
import es from '../web/locales/es/validation.json';
import { bookingOptionsSchema, jobDurationMinutes } from './booking-options';

/** The issues of a failed parse as [message, path] pairs, or the parsed data when it passed. */
function issuesOf(input: unknown): Array<[string, PropertyKey[]]> {
  const result = bookingOptionsSchema.safeParse(input);
  if (result.success) throw new Error(`expected a validation failure, got ${JSON.stringify(result.data)}`);
  return result.error.issues.map((issue) => [issue.message, issue.path]);
}

const validTv = {
  service: 'tv-installation',
  screenSize: '56_65',
  bracket: 'flat',
  wallRiskAccepted: true,
  limitationsAcknowledged: true,
};
const validFurniture = { service: 'furniture-assembly', productName: 'IKEA MALM dresser', estimatedHours: 3 };
const validPainting = { service: 'painting', rooms: 2, colorCode: 'SW 7005', paintSupplier: 'customer' };
const PHOTO_ID = '0b9f2c1e-4a3d-4f6b-9c2a-1d2e3f4a5b6c';

describe('TV installation options', () => {
  it('accepts a complete TV booking', () => {
    expect(bookingOptionsSchema.parse(validTv)).toEqual(validTv);
  });

  it.each(['under_40', '40_55', '56_65', '66_75', 'over_75'])('accepts the screen size band %s', (screenSize) => {
    expect(bookingOptionsSchema.parse({ ...validTv, screenSize })).toMatchObject({ screenSize });
  });

  it('asks for a screen size when none is selected', () => {
    const { screenSize: _omitted, ...withoutSize } = validTv;
    expect(issuesOf(withoutSize)).toEqual([['validation.screenSizeRequired', ['screenSize']]]);
    expect(issuesOf({ ...validTv, screenSize: '' })).toEqual([['validation.screenSizeRequired', ['screenSize']]]);
    expect(issuesOf({ ...validTv, screenSize: '90' })).toEqual([['validation.screenSizeRequired', ['screenSize']]]);
  });

  it('requires the wall-risk disclaimer to be accepted', () => {
    expect(issuesOf({ ...validTv, wallRiskAccepted: false })).toEqual([['validation.wallRiskRequired', ['wallRiskAccepted']]]);
    const { wallRiskAccepted: _omitted, ...withoutRisk } = validTv;
    expect(issuesOf(withoutRisk)).toEqual([['validation.wallRiskRequired', ['wallRiskAccepted']]]);
    // A form value "true" is not an acceptance: the checkbox must give a real boolean.
    expect(issuesOf({ ...validTv, wallRiskAccepted: 'true' })).toEqual([['validation.wallRiskRequired', ['wallRiskAccepted']]]);
  });

  it('requires the service limitations to be acknowledged', () => {
    expect(issuesOf({ ...validTv, limitationsAcknowledged: false })).toEqual([
      ['validation.limitationsRequired', ['limitationsAcknowledged']],
    ]);
    const { limitationsAcknowledged: _omitted, ...withoutAck } = validTv;
    expect(issuesOf(withoutAck)).toEqual([['validation.limitationsRequired', ['limitationsAcknowledged']]]);
  });

  it('reports every missing TV answer at once', () => {
    expect(issuesOf({ service: 'tv-installation' })).toEqual([
      ['validation.screenSizeRequired', ['screenSize']],
      ['validation.wallRiskRequired', ['wallRiskAccepted']],
      ['validation.limitationsRequired', ['limitationsAcknowledged']],
    ]);
  });

  it.each(['none', 'flat', 'full_motion'])('accepts the single bracket choice %s', (bracket) => {
    expect(bookingOptionsSchema.parse({ ...validTv, bracket })).toMatchObject({ bracket });
  });

  it('defaults the bracket to none when none is given', () => {
    const { bracket: _omitted, ...withoutBracket } = validTv;
    expect(bookingOptionsSchema.parse(withoutBracket)).toMatchObject({ bracket: 'none' });
  });

  it.each([
    ['two brackets', ['flat', 'full_motion']],
    ['a one-element list', ['flat']],
    ['an unknown bracket', 'tilting'],
    ['an empty string', ''],
  ])('rejects %s as the bracket', (_label, bracket) => {
    expect(issuesOf({ ...validTv, bracket })).toEqual([['validation.bracketInvalid', ['bracket']]]);
  });
});

describe('furniture assembly options', () => {
  it('asks for a product name, URL or photo when none is given', () => {
    expect(issuesOf({ service: 'furniture-assembly', estimatedHours: 2 })).toEqual([
      ['validation.furnitureDetailsRequired', ['productName']],
    ]);
  });

  it('counts blank text as missing', () => {
    expect(issuesOf({ service: 'furniture-assembly', productName: '   ', productUrl: '', photoUploadId: ' ', estimatedHours: 2 })).toEqual([
      ['validation.furnitureDetailsRequired', ['productName']],
    ]);
  });

  it('accepts a product name alone (trimmed)', () => {
    expect(bookingOptionsSchema.parse({ service: 'furniture-assembly', productName: '  IKEA BILLY  ', productUrl: '', estimatedHours: 2 })).toEqual({
      service: 'furniture-assembly',
      productName: 'IKEA BILLY',
      estimatedHours: 2,
    });
  });

  it('accepts a product URL alone', () => {
    const productUrl = 'https://www.ikea.com/us/en/p/billy-bookcase-white-00263850/';
    expect(bookingOptionsSchema.parse({ service: 'furniture-assembly', productName: ' ', productUrl, estimatedHours: 2 })).toEqual({
      service: 'furniture-assembly',
      productUrl,
      estimatedHours: 2,
    });
  });

  it('accepts an uploaded photo alone', () => {
    expect(bookingOptionsSchema.parse({ service: 'furniture-assembly', photoUploadId: PHOTO_ID, estimatedHours: 2 })).toEqual({
      service: 'furniture-assembly',
      photoUploadId: PHOTO_ID,
      estimatedHours: 2,
    });
  });

  it('rejects a photo reference that is not an upload id', () => {
    expect(issuesOf({ service: 'furniture-assembly', photoUploadId: 'photo.jpg', estimatedHours: 2 })).toContainEqual([
      'validation.photoInvalid',
      ['photoUploadId'],
    ]);
  });

  it.each(['http://example.com/desk', 'https://www.wayfair.com/furniture/pdp/desk.html?sku=1'])('accepts the web link %s', (productUrl) => {
    expect(bookingOptionsSchema.parse({ ...validFurniture, productUrl })).toMatchObject({ productUrl });
  });

  it.each(['ftp://example.com/desk.pdf', 'javascript:alert(1)', 'www.ikea.com/desk', 'mailto:shop@example.com', 'not a link'])(
    'rejects the link %s',
    (productUrl) => {
      expect(issuesOf({ ...validFurniture, productUrl })).toEqual([['validation.urlInvalid', ['productUrl']]]);
    },
  );

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('accepts %i estimated hour(s)', (estimatedHours) => {
    expect(bookingOptionsSchema.parse({ ...validFurniture, estimatedHours })).toMatchObject({ estimatedHours });
  });

  it('reads the hours from a form string', () => {
    expect(bookingOptionsSchema.parse({ ...validFurniture, estimatedHours: '4' })).toMatchObject({ estimatedHours: 4 });
  });

  it.each([0, 9, -1, 2.5, 'two', ''])('rejects %j estimated hours', (estimatedHours) => {
    expect(issuesOf({ ...validFurniture, estimatedHours })).toEqual([['validation.hoursInvalid', ['estimatedHours']]]);
  });

  it('requires the estimated hours', () => {
    const { estimatedHours: _omitted, ...withoutHours } = validFurniture;
    expect(issuesOf(withoutHours)).toEqual([['validation.hoursInvalid', ['estimatedHours']]]);
  });
});

describe('painting options', () => {
  it('accepts a complete painting booking', () => {
    expect(bookingOptionsSchema.parse(validPainting)).toEqual(validPainting);
  });

  it.each([1, 2, 3])('accepts %i room(s)', (rooms) => {
    expect(bookingOptionsSchema.parse({ ...validPainting, rooms })).toMatchObject({ rooms });
  });

  it.each([0, 4, 1.5, 'three'])('rejects %j rooms', (rooms) => {
    expect(issuesOf({ ...validPainting, rooms })).toEqual([['validation.roomsInvalid', ['rooms']]]);
  });

  it('treats the colour code as optional (absent or blank)', () => {
    const { colorCode: _omitted, ...withoutColour } = validPainting;
    expect(bookingOptionsSchema.parse(withoutColour)).toEqual(withoutColour);
    expect(bookingOptionsSchema.parse({ ...validPainting, colorCode: '  ' })).toEqual(withoutColour);
  });

  it('requires who supplies the paint: the customer or the company', () => {
    expect(bookingOptionsSchema.parse({ ...validPainting, paintSupplier: 'company' })).toMatchObject({ paintSupplier: 'company' });
    const { paintSupplier: _omitted, ...withoutSupplier } = validPainting;
    expect(issuesOf(withoutSupplier)).toEqual([['validation.paintSupplierRequired', ['paintSupplier']]]);
    expect(issuesOf({ ...validPainting, paintSupplier: 'neighbour' })).toEqual([['validation.paintSupplierRequired', ['paintSupplier']]]);
  });
});

describe('service choice', () => {
  it('rejects a service the business does not sell', () => {
    expect(bookingOptionsSchema.safeParse({ service: 'plumbing' }).success).toBe(false);
    expect(bookingOptionsSchema.safeParse({}).success).toBe(false);
  });

  it('applies the rules of the chosen service only', () => {
    // TV answers do not make a furniture booking valid, and they are not kept.
    expect(issuesOf({ ...validTv, service: 'furniture-assembly', estimatedHours: 2 })).toEqual([
      ['validation.furnitureDetailsRequired', ['productName']],
    ]);
    expect(bookingOptionsSchema.parse({ ...validTv, service: 'painting', rooms: 1, paintSupplier: 'company' })).toEqual({
      service: 'painting',
      rooms: 1,
      paintSupplier: 'company',
    });
  });
});

describe('jobDurationMinutes', () => {
  it('books a TV installation as one hour', () => {
    expect(jobDurationMinutes(bookingOptionsSchema.parse(validTv))).toBe(60);
  });

  it.each([
    [1, 60],
    [3, 180],
    [8, 480],
  ])('books furniture assembly for %i hour(s) as %i minutes', (estimatedHours, minutes) => {
    expect(jobDurationMinutes(bookingOptionsSchema.parse({ ...validFurniture, estimatedHours }))).toBe(minutes);
  });

  it.each([
    [1, 240],
    [2, 480],
    [3, 720],
  ])('books painting of %i room(s) as %i minutes (four hours a room)', (rooms, minutes) => {
    expect(jobDurationMinutes(bookingOptionsSchema.parse({ ...validPainting, rooms }))).toBe(minutes);
  });
});

describe('validation messages (spec section 5)', () => {
  it('shows the spec’s exact English texts', () => {
    expect(en.validation).toMatchObject({
      screenSizeRequired: 'Please select a screen size.',
      wallRiskRequired: 'Please accept the wall risk disclaimer to continue.',
      limitationsRequired: 'Please acknowledge the service limitations.',
      furnitureDetailsRequired: 'Please provide at least one: product name, URL, or photo.',
      signInRequired: 'Please sign in to continue with your booking.',
    });
  });

  it('has a Spanish text for every English key, each non-empty and translated', () => {
    const enMessages: Record<string, string> = en.validation;
    const esMessages: Record<string, string> = es.validation;
    expect(Object.keys(esMessages).sort()).toEqual(Object.keys(enMessages).sort());
    for (const [key, text] of Object.entries(esMessages)) {
      expect(text.trim(), key).not.toBe('');
      expect(text, key).not.toBe(enMessages[key]);
    }
  });

  it('keeps the same placeholders in both languages', () => {
    const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
    const esMessages: Record<string, string> = es.validation;
    for (const [key, text] of Object.entries(en.validation as Record<string, string>)) {
      expect(placeholders(esMessages[key]), key).toEqual(placeholders(text));
    }
  });

  it('has a text in both languages for every message key the domain schemas use', () => {
    const sources = ['booking-options.ts', 'address.ts', 'phone.ts', 'booking-request.ts'].map((file) =>
      readFileSync(new URL(`./${file}`, import.meta.url), 'utf8'),
    );
    const usedKeys = [...new Set(sources.flatMap((source) => [...source.matchAll(/'validation\.(\w+)'/g)].map((m) => m[1])))].sort();
    expect(usedKeys.length).toBeGreaterThanOrEqual(18);
    for (const key of usedKeys) {
      expect(en.validation, `en: validation.${key}`).toHaveProperty(key);
      expect(es.validation, `es: validation.${key}`).toHaveProperty(key);
    }
  });
});
