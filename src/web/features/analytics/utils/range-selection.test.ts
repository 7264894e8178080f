import { describe, expect, it } from 'vitest';
import { selectionFrom, selectionParams } from './range-selection';

const NOW = new Date('2026-11-21T15:00:00Z');
const read = (search: string) => selectionFrom(new URLSearchParams(search), NOW);

describe('the period in the URL', () => {
  it('reads presets and custom dates, 7 days by default', () => {
    expect(read('')).toEqual({ range: '7d' });
    expect(read('range=today')).toEqual({ range: 'today' });
    expect(read('range=90d')).toEqual({ range: '90d' });
    expect(read('range=custom&from=2026-11-01&to=2026-11-21')).toEqual({ range: 'custom', from: '2026-11-01', to: '2026-11-21' });
  });

  it('falls back to the default for anything the reports would refuse', () => {
    expect(read('range=week')).toEqual({ range: '7d' });
    expect(read('range=custom&from=2026-11-21&to=2026-11-01')).toEqual({ range: '7d' });
    expect(read('range=custom&from=2026-11-01&to=2026-12-01')).toEqual({ range: '7d' });
  });

  it('writes the query the reports take', () => {
    expect(selectionParams({ range: '30d' }).toString()).toBe('range=30d');
    expect(selectionParams({ range: 'custom', from: '2026-11-01', to: '2026-11-21' }).toString()).toBe('range=custom&from=2026-11-01&to=2026-11-21');
  });
});
