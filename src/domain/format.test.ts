import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cardBrandName,
  formatCalendarDate,
  formatCents,
  formatMilliseconds,
  formatMinuteOfDay,
  formatNumber,
  formatPercent,
  formatPrice,
  formatTampaDate,
  formatTampaDateAndTime,
  formatTampaDateTime,
  formatTampaShort,
  formatTampaTime,
  formatTampaTimestamp,
  formatTaxRate,
  intlLocale,
  weekdayName,
  weekdayShortName,
} from './format';

// Intl may use narrow no-break spaces (U+202F) before AM/PM; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('formatting for people', () => {
  it('maps interface languages to US locales', () => {
    expect(intlLocale('es')).toBe('es-US');
    expect(intlLocale('es-MX')).toBe('es-US');
    expect(intlLocale('en')).toBe('en-US');
    expect(intlLocale(undefined)).toBe('en-US');
  });

  it('writes dollars the same way in both languages', () => {
    expect(formatCents(4500, 'en')).toBe('$45');
    expect(formatCents(4838, 'es')).toBe('$48.38');
    expect(formatPrice(4500, 'en')).toBe('$45.00');
    expect(formatPrice(123450, 'es')).toBe('$1,234.50');
    expect(formatPrice(338, 'en')).toBe('$3.38');
  });

  it('writes numbers, percents, tax rates and milliseconds', () => {
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(formatNumber(2.5, 'es', 1)).toBe('2.5');
    expect(formatPercent(0.125, 'en')).toBe('12.5%');
    expect(formatTaxRate(750, 'es')).toBe('7.5%');
    expect(formatTaxRate(825, 'en')).toBe('8.25%');
    expect(formatMilliseconds(2512, 'en')).toBe('2,512 ms');
  });

  it('shows instants on the Tampa clock, with the zone name across the DST change', () => {
    // 2026-11-01 06:30 UTC is 1:30 AM EST, after clocks fell back at 2 AM EDT.
    expect(plain(formatTampaDateTime('2026-11-01T06:30:00Z', 'en'))).toBe('Sunday, November 1, 2026 at 1:30 AM EST');
    expect(plain(formatTampaDateTime('2026-11-01T05:30:00Z', 'en'))).toBe('Sunday, November 1, 2026 at 1:30 AM EDT');
    expect(plain(formatTampaDateTime(new Date('2026-11-22T15:00:00Z'), 'es'))).toBe('domingo, 22 de noviembre de 2026, 10:00 a.m. EST');
    expect(plain(formatTampaShort('2026-05-15T18:30:00Z', 'en'))).toBe('Fri, May 15, 2:30 PM');
    expect(plain(formatTampaTime('2026-05-15T18:30:00Z', 'en'))).toBe('2:30 PM');
    expect(plain(formatTampaTime('2026-05-15T18:30:00Z', 'es'))).toBe('2:30 p.m.');
  });

  it('takes the Tampa day of an instant, not the UTC day', () => {
    // 02:00 UTC on the 23rd is still the evening of the 22nd in Tampa.
    expect(formatTampaDate('2026-11-23T02:00:00Z', 'en')).toBe('Nov 22, 2026');
    expect(plain(formatTampaDateAndTime('2026-11-23T02:00:00Z', 'en'))).toBe('Nov 22, 2026, 9:00 PM');
    expect(plain(formatTampaTimestamp('2026-11-21T15:05:12Z', 'en'))).toBe('Nov 21, 10:05:12 AM');
  });

  it('writes calendar days without any zone moving them', () => {
    expect(formatCalendarDate('2026-05-15', 'en', 'chip')).toBe('Fri, May 15');
    expect(formatCalendarDate('2026-05-15', 'en', 'monthDay')).toBe('May 15');
    expect(formatCalendarDate('2026-11-21', 'en', 'weekdayDay')).toBe('21 Sat');
    expect(formatCalendarDate('2026-05-15', 'en')).toBe('May 15, 2026');
    expect(formatCalendarDate('2026-05-15', 'es', 'long')).toBe('15 de mayo de 2026');
    expect(() => formatCalendarDate('05/15/2026', 'en')).toThrow(RangeError);
  });

  it('names times of day, weekdays and card brands', () => {
    expect(plain(formatMinuteOfDay(510, 'en'))).toBe('8:30 AM');
    expect(plain(formatMinuteOfDay(1020, 'es'))).toBe('5:00 p.m.');
    expect(weekdayShortName(1, 'en')).toBe('Mon');
    expect(weekdayName(0, 'es')).toBe('domingo');
    expect(cardBrandName('amex')).toBe('American Express');
    expect(cardBrandName('jcb')).toBe('Jcb');
  });
});

describe('strings a prerendered page was drawn with (issue #16)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.resetModules();
  });

  // A fresh copy of the module: its formatters and known strings start empty.
  const freshFormat = () => import('./format');
  /** Counts the formatters built from now on (they still work). */
  function countBuilt(name: 'NumberFormat' | 'DateTimeFormat') {
    const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
    const built = { count: 0 };
    vi.spyOn(Intl, name).mockImplementation(function (...args: unknown[]) {
      built.count += 1;
      return new Original(...args);
    } as never);
    return built;
  }

  it('records what a render formatted, and answers exactly those calls again without building a formatter', async () => {
    const prerender = await freshFormat();
    const stop = prerender.startRecordingFormatted();
    const drawn = [prerender.formatCents(4500, 'es'), prerender.formatCalendarDate('2026-05-15', 'es', 'long'), prerender.formatTaxRate(750, 'es')];
    const entries = stop();
    expect(Object.values(entries).sort()).toEqual([...drawn].sort());
    prerender.formatCents(9900, 'es');
    expect(Object.keys(entries)).toHaveLength(3); // stopped: nothing more recorded

    vi.resetModules();
    const browser = await freshFormat();
    const numberFormats = countBuilt('NumberFormat');
    const dateFormats = countBuilt('DateTimeFormat');
    browser.rememberFormatted(JSON.parse(JSON.stringify(entries)) as Record<string, string>);
    expect([browser.formatCents(4500, 'es'), browser.formatCalendarDate('2026-05-15', 'es', 'long'), browser.formatTaxRate(750, 'es')]).toEqual(drawn);
    expect(numberFormats.count).toBe(0);
    expect(dateFormats.count).toBe(0);

    // Any other call (another amount, language or style) is formatted as before.
    expect(browser.formatCents(4500, 'en')).toBe('$45');
    expect(browser.formatCents(4838, 'es')).toBe('$48.38');
    expect(browser.formatCalendarDate('2026-05-15', 'es', 'medium')).toBe('15 may 2026');
    expect(numberFormats.count).toBe(2); // en and es, whole and with cents
    expect(dateFormats.count).toBe(1);
  });

  it('uses an entry only for the call that made it', async () => {
    const browser = await freshFormat();
    browser.rememberFormatted({ 'n|en-US|{"style":"currency"}|45': 'stale', nonsense: 'x' });
    expect(browser.formatCents(4500, 'en')).toBe('$45');
    expect(() => browser.formatCalendarDate('05/15/2026', 'en')).toThrow(RangeError);
  });
});
