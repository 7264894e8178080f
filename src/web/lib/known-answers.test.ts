// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { formatCents, formatCalendarDate, startRecordingFormatted } from '@/domain/format';
import { queryClientWithKnownAnswers, rememberPrerenderedFormats } from './known-answers';
import { publicSettingsQueryOptions } from './public-settings';

const script = (id: string, text: string) => {
  const element = document.body.appendChild(document.createElement('script'));
  element.type = 'application/json';
  element.id = id;
  element.textContent = text;
};

describe('the answers a page arrived with (issue #16)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it("holds the page's public settings, so no page asks for them again, and a prerendered page's own answers", () => {
    script('public-settings', JSON.stringify({ supportPhone: '+18135550199', taxRateBps: 750 }));
    script('prerendered-queries', JSON.stringify([{ queryKey: ['blog', 'list', 'en', 1], data: { posts: [] } }]));
    const client = queryClientWithKnownAnswers({ prerendered: true });
    expect(client.getQueryData(publicSettingsQueryOptions.queryKey)).toEqual({ supportPhone: '+18135550199', taxRateBps: 750 });
    expect(client.getQueryState(publicSettingsQueryOptions.queryKey)?.isInvalidated).toBe(false);
    expect(client.getQueryData(['blog', 'list', 'en', 1])).toEqual({ posts: [] });
  });

  it("takes a prerendered page's answers only when hydrating it (a page drawn again in another language asks)", () => {
    script('prerendered-queries', JSON.stringify([{ queryKey: ['blog', 'list', 'en', 1], data: { posts: [] } }]));
    expect(queryClientWithKnownAnswers({ prerendered: false }).getQueryData(['blog', 'list', 'en', 1])).toBeUndefined();
  });

  it('leaves the settings to the API when the page has none or they are not JSON (the mobile apps, the offline page)', () => {
    expect(queryClientWithKnownAnswers({ prerendered: false }).getQueryData(publicSettingsQueryOptions.queryKey)).toBeUndefined();
    script('public-settings', '{not json');
    expect(queryClientWithKnownAnswers({ prerendered: false }).getQueryData(publicSettingsQueryOptions.queryKey)).toBeUndefined();
  });

  it("answers a prerendered page's prices and dates with the strings it was drawn with", () => {
    const stop = startRecordingFormatted();
    formatCents(4500, 'es');
    formatCalendarDate('2026-05-15', 'es', 'long');
    const drawn = stop();
    expect(Object.values(drawn).sort()).toEqual(['$45', '15 de mayo de 2026']);
    // Marked, to see which answer is used.
    script('prerendered-formats', JSON.stringify(Object.fromEntries(Object.entries(drawn).map(([key, text]) => [key, `${text} (page)`]))));
    rememberPrerenderedFormats();
    expect(formatCents(4500, 'es')).toBe('$45 (page)');
    expect(formatCalendarDate('2026-05-15', 'es', 'long')).toBe('15 de mayo de 2026 (page)');
    expect(formatCents(4500, 'en')).toBe('$45');
  });

  it('skips formats that are not strings, or not JSON', () => {
    const stop = startRecordingFormatted();
    formatCents(9900, 'en');
    const [key] = Object.keys(stop());
    script('prerendered-formats', JSON.stringify({ [key]: 99 }));
    rememberPrerenderedFormats();
    script('prerendered-formats', '{not json');
    rememberPrerenderedFormats();
    expect(formatCents(9900, 'en')).toBe('$99');
  });
});
