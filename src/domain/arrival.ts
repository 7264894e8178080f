/**
 * The expected arrival (ETA) as staff give it (issue #4): a worker heading out says how many
 * minutes away they are (5-240), an admin sets an instant. One rule for the API and the screens
 * that send it. Messages are i18n keys.
 */
import { z } from 'zod';

/** The fewest and most minutes a worker may say they are away when heading out. */
export const ETA_MIN_MINUTES = 5;
export const ETA_MAX_MINUTES = 240;

const minutesError = { error: 'dispatchErrors.etaMinutesInvalid' };

/** Whole minutes until arrival, 5-240. */
export const etaMinutesSchema = z.number(minutesError).int(minutesError).min(ETA_MIN_MINUTES, minutesError).max(ETA_MAX_MINUTES, minutesError);

/** An expected arrival instant set by an admin (ISO-8601 with offset). */
export const etaAtSchema = z.iso.datetime({ offset: true, error: 'dispatchErrors.etaInvalid' });
