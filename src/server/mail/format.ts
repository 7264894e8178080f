/**
 * How mail and SMS show a phone number. Money, dates and times come from the shared formatting
 * module (src/domain/format.ts), the same one the web app uses. The server may use the full
 * libphonenumber metadata; the browser keeps a smaller formatter (web/lib/public-settings.ts).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { KeptAnswers } from '../../domain/kept-answers';

/** Numbers already formatted (issue #16: parsing is a visible part of each booking's mails). */
const formattedPhones = new KeptAnswers<string, string>(10_000);

/** A stored E.164 number as people write it: "+18135550123" -> "(813) 555-0123"; unparseable input comes back as is. */
export function formatPhone(e164: string): string {
  return formattedPhones.get(e164, () => {
    const parsed = parsePhoneNumberFromString(e164, 'US');
    return !parsed?.isValid() ? e164 : parsed.country === 'US' ? parsed.formatNational() : parsed.formatInternational();
  });
}
