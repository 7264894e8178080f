/**
 * The booking funnel (issue #11): the booking flow's steps in the spec's order (section 2,
 * "Booking flow steps"; the web's `BOOKING_STEPS` is the same list, checked by its test), the
 * analytics events the flow sends about them, and the drop-off arithmetic of the admin's funnel.
 *
 * Counting rule: a visitor *reached* a step when they viewed it or any later step in the range,
 * so a skipped step (signed-in customers never see Sign In; a draft resumed at a later step)
 * does not look like a loss followed by a gain. The counts then never grow from one step to the
 * next, and each step's drop-off is the visitors who reached it but not the next one.
 */

export const FUNNEL_STEPS = ['service', 'options', 'datetime', 'address', 'signin', 'payment', 'review', 'confirmation'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** The category of the funnel's events; the booking's own life (placed, cancelled, rescheduled) is `booking`. */
export const FUNNEL_CATEGORY = 'booking_funnel';
export const BOOKING_CATEGORY = 'booking';

/**
 * The funnel's event actions, each with the step as its label:
 * - `step_viewed`: the step was shown;
 * - `step_completed`: the customer moved on from it to a later step;
 * - `step_blocked`: a validation rule stopped them; params `{ field, rule }`, the rule being the
 *   message's i18n key (`validation.screenSizeRequired`) or `api.<code>` for a refusal of the API.
 */
export const FUNNEL_ACTIONS = ['step_viewed', 'step_completed', 'step_blocked'] as const;
export type FunnelAction = (typeof FUNNEL_ACTIONS)[number];

/** The booking's own events (category `booking`): placed (value: total in cents), cancelled, rescheduled. */
export const BOOKING_ACTIONS = ['booking_placed', 'booking_cancelled', 'booking_rescheduled'] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

export function isFunnelStep(value: unknown): value is FunnelStep {
  return typeof value === 'string' && (FUNNEL_STEPS as readonly string[]).includes(value);
}

export interface FunnelStepResult {
  step: FunnelStep;
  /** Visitors who viewed this step or a later one. */
  reached: number;
  /** Visitors who moved on from this step (its `step_completed` events). */
  completed: number;
  /** Reached this step but not the next (0 for the last step). */
  dropOff: number;
  /** dropOff / reached, 0..1; null when nobody reached the step. */
  dropOffRate: number | null;
  /** reached / reached at the first step, 0..1; null when nobody started. */
  fromStart: number | null;
}

/**
 * The funnel from each visitor's furthest step.
 * @param furthest how many visitors got no further than each step (steps absent: 0)
 * @param completed visitors with a `step_completed` event per step (absent: 0)
 * @returns one row per FUNNEL_STEPS, in order
 */
export function funnelFromFurthest(furthest: Partial<Record<FunnelStep, number>>, completed: Partial<Record<FunnelStep, number>> = {}): FunnelStepResult[] {
  const reached: number[] = [];
  let atOrBeyond = 0;
  for (let i = FUNNEL_STEPS.length - 1; i >= 0; i--) {
    atOrBeyond += furthest[FUNNEL_STEPS[i]!] ?? 0;
    reached[i] = atOrBeyond;
  }
  const started = reached[0]!;
  return FUNNEL_STEPS.map((step, i) => {
    const here = reached[i]!;
    const dropOff = i === FUNNEL_STEPS.length - 1 ? 0 : here - reached[i + 1]!;
    return {
      step,
      reached: here,
      completed: completed[step] ?? 0,
      dropOff,
      dropOffRate: here === 0 ? null : dropOff / here,
      fromStart: started === 0 ? null : here / started,
    };
  });
}
