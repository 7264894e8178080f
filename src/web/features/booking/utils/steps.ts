/**
 * The booking flow's steps in the spec's order (section 2, "Booking flow steps"), and which step
 * owns each field of the booking request, so an error about a field sends the customer back to
 * the step where that field is entered.
 */
export const BOOKING_STEPS = ['service', 'options', 'datetime', 'address', 'signin', 'payment', 'review', 'confirmation'] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];

/** The steps a draft can rest on (confirmation only exists once a booking was made). */
export type DraftStep = Exclude<BookingStep, 'confirmation'>;

export function stepIndex(step: BookingStep): number {
  return BOOKING_STEPS.indexOf(step);
}

export function isDraftStep(value: unknown): value is DraftStep {
  return typeof value === 'string' && value !== 'confirmation' && (BOOKING_STEPS as readonly string[]).includes(value);
}

/**
 * The step where a request field is entered.
 * @param path a field path of CreateBookingRequest as the API reports it ("options.screenSize", "address.zip")
 */
export function stepOfField(path: string): DraftStep {
  if (path === 'options' || path.startsWith('options.')) return 'options';
  if (path === 'startAt') return 'datetime';
  if (path === 'paymentMethodId') return 'payment';
  if (path === 'address' || path.startsWith('address.') || path === 'contactPhone' || path === 'notes') return 'address';
  return 'review';
}

/** Of several failing fields, the one entered earliest in the flow. */
export function firstFailingStep(paths: readonly string[]): DraftStep {
  return paths.map(stepOfField).reduce<DraftStep>((first, step) => (stepIndex(step) < stepIndex(first) ? step : first), 'review');
}

/**
 * The step "back" leads to from `step`, the same as each step's Back button: Payment goes back to
 * Sign In only for signed-out customers (signed-in ones skip it), and `null` means there is no
 * earlier step in the flow (Service, and the Confirmation once the booking is made), so back
 * leaves the page instead (the Android back button, lib/back-navigation.ts).
 * @param signedIn as in reachableStep: null while the session loads (counted as not signed in)
 */
export function previousStep(step: BookingStep, signedIn: boolean | null): DraftStep | null {
  switch (step) {
    case 'service':
    case 'confirmation':
      return null;
    case 'payment':
      return signedIn ? 'address' : 'signin';
    default:
      return BOOKING_STEPS[stepIndex(step) - 1] as DraftStep;
  }
}
