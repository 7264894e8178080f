/**
 * How mail and SMS show a phone number. Money, dates and times come from the shared formatting
 * module (src/domain/format.ts), the same one the web app uses. The server may use the full
 * libphonenumber metadata; the browser keeps a smaller formatter (web/lib/public-settings.ts).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** Numbers already formatted (issue #16: parsing is a visible part of each booking's mails); emptied at 10,000. */
const formattedPhones = new Map<string, string>();

/** A stored E.164 number as people write it: "+18135550123" -> "(813) 555-0123"; unparseable input comes back as is. */
export function formatPhone(e164: string): string {
  const kept = formattedPhones.get(e164);
  if (kept !== undefined) return kept;
  const parsed = parsePhoneNumberFromString(e164, 'US');
  const written = !parsed?.isValid() ? e164 : parsed.country === 'US' ? parsed.formatNational() : parsed.formatInternational();
  if (formattedPhones.size >= 10_000) formattedPhones.clear();
  formattedPhones.set(e164, written);
  return written;
}
