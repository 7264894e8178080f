/**
 * Which step a draft may show. A restored draft, or a change made on an earlier step, can leave
 * the saved step ahead of what is complete; the customer is then shown the first unfinished
 * step. Signed-in customers skip Sign In; signed-out ones cannot pass it.
 */
import type { BookingDraft } from '../hooks/use-booking-draft';
import { addressStepSchema } from './address-step-schema';
import { parseOptions } from './parse-options';
import { stepIndex, type DraftStep } from './steps';

/**
 * @param signedIn true or false once known, null while the session is still loading (no
 *   decision is made on a guess: the saved step stands)
 */
export function reachableStep(draft: BookingDraft, signedIn: boolean | null): DraftStep {
  const gates: [DraftStep, () => boolean][] = [
    ['options', () => true],
    ['datetime', () => parseOptions(draft.options[draft.service]) !== null],
    ['address', () => Boolean(draft.startAt)],
    ['signin', () => addressStepSchema.safeParse({ address: draft.address, contactPhone: draft.contactPhone, notes: draft.notes }).success],
    ['payment', () => signedIn !== false],
    ['review', () => Boolean(draft.paymentMethod)],
  ];
  let furthest: DraftStep = 'service';
  for (const [step, open] of gates) {
    if (stepIndex(step) > stepIndex(draft.step) || !open()) break;
    furthest = step;
  }
  const step = stepIndex(draft.step) <= stepIndex(furthest) ? draft.step : furthest;
  return step === 'signin' && signedIn ? 'payment' : step;
}
