/**
 * The booking funnel's analytics events (issue #11; src/domain/booking-funnel.ts): each step
 * viewed and completed, the validation rule that stopped a step, and the booking placed. The
 * flow (booking-flow.tsx) reports views and completions from its step changes and provides the
 * current step to the step forms through FunnelStepContext, so a form reports the rule that
 * stopped it without knowing where it is. A rule is its message's i18n key
 * (`validation.screenSizeRequired`), or `api.<code>` when the API refused the booking.
 */
import { createContext, useCallback, useContext, useEffect, useRef } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import type { BookingView } from '@/domain/booking-request';
import { BOOKING_CATEGORY, FUNNEL_CATEGORY } from '@/domain/booking-funnel';
import type { ServiceSlug } from '@/domain/services';
import { trackEvent } from '@/web/lib/analytics';
import { stepIndex, type BookingStep } from '../utils/steps';

export interface FunnelPosition {
  step: BookingStep;
  service: ServiceSlug;
}

/** The step being shown and the service booked; null outside the booking flow (a form rendered alone). */
export const FunnelStepContext = createContext<FunnelPosition | null>(null);

const I18N_KEY = /^[a-z][A-Za-z]*\.[A-Za-z][A-Za-z.]*$/;

/** Records that a rule stopped the customer at a step. */
export function trackStepBlocked(position: FunnelPosition, field: string, rule: string): void {
  trackEvent({ action: 'step_blocked', category: FUNNEL_CATEGORY, label: position.step, params: { service: position.service, field, rule } });
}

/** A function that records a rule stopping the current step (does nothing outside the flow). */
export function useStepBlocked(): (field: string, rule: string) => void {
  const position = useContext(FunnelStepContext);
  return useCallback((field, rule) => position && trackStepBlocked(position, field, rule), [position]);
}

/**
 * Each failing field of a form's errors with its rule: the message when it is an i18n key (the
 * domain schemas' messages), else the type when it is one (a rule checked by hand, its message
 * already translated), else `form.<type>`.
 */
export function failedRules(errors: FieldErrors, prefix = ''): { field: string; rule: string }[] {
  return Object.entries(errors).flatMap(([name, error]) => {
    if (!error || typeof error !== 'object') return [];
    const field = prefix ? `${prefix}.${name}` : name;
    const { message, type } = error as { message?: unknown; type?: unknown };
    if (typeof message === 'string' || typeof type === 'string') {
      const key = [message, type].find((text): text is string => typeof text === 'string' && I18N_KEY.test(text));
      return [{ field, rule: key ?? (typeof type === 'string' && type ? `form.${type}` : 'form.invalid') }];
    }
    return failedRules(error as FieldErrors, field);
  });
}

/**
 * Reports the rules that stopped each failed submit of a step form (react-hook-form): once per
 * submit, after validation settled.
 */
export function useReportBlockedSubmit<T extends FieldValues>(formState: { submitCount: number; isSubmitting: boolean; isSubmitSuccessful: boolean; errors: FieldErrors<T> }): void {
  const blocked = useStepBlocked();
  const reported = useRef(0);
  const { submitCount, isSubmitting, isSubmitSuccessful, errors } = formState;
  useEffect(() => {
    if (isSubmitting || submitCount === reported.current) return;
    reported.current = submitCount;
    if (isSubmitSuccessful) return;
    for (const { field, rule } of failedRules(errors)) blocked(field, rule);
  }, [submitCount, isSubmitting, isSubmitSuccessful, errors, blocked]);
}

/**
 * The flow's own events: each step viewed once per arrival; the step left for a later one
 * completed; the booking placed (value: its total in cents) when the confirmation shows.
 */
export function useFunnelSteps(position: FunnelPosition | null, booking: BookingView | null): void {
  const previous = useRef<BookingStep | null>(null);
  const placed = useRef<string | null>(null);
  const step = position?.step ?? null;
  const service = position?.service;
  useEffect(() => {
    // null: no step shown yet (the draft rules are loading)
    if (!step || !service) return;
    const before = previous.current;
    if (before === step) return;
    previous.current = step;
    if (before && stepIndex(step) > stepIndex(before)) trackEvent({ action: 'step_completed', category: FUNNEL_CATEGORY, label: before, params: { service } });
    trackEvent({ action: 'step_viewed', category: FUNNEL_CATEGORY, label: step, params: { service } });
    if (step === 'confirmation' && booking && placed.current !== booking.id) {
      placed.current = booking.id;
      trackEvent({ action: 'booking_placed', category: BOOKING_CATEGORY, label: booking.service, value: booking.totalCents, params: { service: booking.service } });
    }
  }, [step, service, booking]);
}
