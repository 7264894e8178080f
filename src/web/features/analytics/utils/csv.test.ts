import { describe, expect, it } from 'vitest';
import { centsToDollars, csvField, csvFileName, toCsv } from './csv';

describe('CSV export', () => {
  it('quotes fields with commas, quotes and line breaks, and ends records with CRLF', () => {
    const csv = toCsv(
      [
        { header: 'Page', value: (r: { path: string; views: number }) => r.path },
        { header: 'Views, total', value: (r) => r.views },
      ],
      [
        { path: '/book/tv-installation', views: 12 },
        { path: '/blog/"quoted", and\nbroken', views: 3 },
      ],
    );
    expect(csv).toBe('Page,"Views, total"\r\n/book/tv-installation,12\r\n"/blog/""quoted"", and\nbroken",3\r\n');
  });

  it('defuses text a spreadsheet would run as a formula, but keeps negative numbers', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-1250)).toBe('-1250');
    expect(csvField(null)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('names files after the table and the period, and writes cents as dollars', () => {
    expect(csvFileName('Cancelaciones por nivel de la política', '2026-11-15', '2026-11-21')).toBe('analytics-cancelaciones-por-nivel-de-la-politica-2026-11-15-2026-11-21.csv');
    expect(centsToDollars(4838)).toBe(48.38);
    expect(centsToDollars(-100)).toBe(-1);
  });
});
