import { describe, expect, it } from 'vitest';
import i18n from '@/web/lib/i18n';
import { deviceName } from './device-name';

const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const MAC_FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0';

describe('deviceName', () => {
  it('names the browser and the system of real user-agent strings', () => {
    expect(deviceName(WINDOWS_CHROME)).toEqual({ browser: 'Chrome', os: 'Windows' });
    expect(deviceName(ANDROID_CHROME)).toEqual({ browser: 'Chrome', os: 'Android' });
    expect(deviceName(MAC_FIREFOX)).toEqual({ browser: 'Firefox', os: 'macOS' });
  });

  it('knows nothing of a missing or empty string', () => {
    expect(deviceName(null)).toEqual({ browser: null, os: null });
    expect(deviceName('  ')).toEqual({ browser: null, os: null });
  });

  it('reads as a sentence in both languages', async () => {
    const names = deviceName(WINDOWS_CHROME);
    expect(i18n.t('settings.security.browserOnOs', { ...names, lng: 'en' })).toBe('Chrome on Windows');
    await i18n.loadLanguages('es');
    expect(i18n.t('settings.security.browserOnOs', { ...names, lng: 'es' })).toBe('Chrome en Windows');
  });
});
