/**
 * The call-back promise (spec section 1: "the team contacts the customer within 5-10 minutes
 * after booking"), in whole minutes after the booking: `min`-`max`. Admins change the numbers on
 * /admin/settings (settings key `contact_promise_minutes`, `contactPromiseMinutes` in the public
 * settings); these are the defaults until then.
 */
export type ContactPromiseMinutes = {
  min: number;
  max: number;
};

export const DEFAULT_CONTACT_PROMISE_MINUTES: ContactPromiseMinutes = { min: 5, max: 10 };

/** How urgent an unanswered wait is: `ok` under `min`, `soon` from `min` (amber), `late` from `max` (red: the promise is broken). */
export type ContactUrgency = 'ok' | 'soon' | 'late';

/**
 * @param minutes whole minutes waited so far
 * @param promise the call-back promise (the default 5-10 when not given)
 */
export function contactUrgency(minutes: number, promise: ContactPromiseMinutes = DEFAULT_CONTACT_PROMISE_MINUTES): ContactUrgency {
  if (minutes >= promise.max) return 'late';
  if (minutes >= promise.min) return 'soon';
  return 'ok';
}
