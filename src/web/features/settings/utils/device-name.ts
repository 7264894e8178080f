/**
 * What a signed-in session runs on, read from its user-agent string with bowser (a maintained
 * parser, MIT): the browser's and the operating system's names ("Chrome", "Windows"), which are
 * the same in English and Spanish. The sentence around them ("Chrome on Windows") is the
 * caller's, from the locale files.
 */
import Bowser from 'bowser';

export interface DeviceName {
  /** e.g. "Chrome", "Safari", "Microsoft Edge"; null when not recognised. */
  browser: string | null;
  /** e.g. "Windows", "macOS", "iOS", "Android"; null when not recognised. */
  os: string | null;
}

/** The browser and operating system a user-agent string names; both null for none or an unreadable one. */
export function deviceName(userAgent: string | null | undefined): DeviceName {
  if (!userAgent?.trim()) return { browser: null, os: null };
  const parser = Bowser.getParser(userAgent);
  return { browser: parser.getBrowserName() || null, os: parser.getOSName() || null };
}
