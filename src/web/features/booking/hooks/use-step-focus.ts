/**
 * Moves focus to the step heading whenever the step changes (not on first load), so keyboard
 * and screen reader users start at the top of the new step. When the step opens with field
 * errors from the API, the step's form focuses the first of them instead.
 */
import { useEffect, useRef, type RefObject } from 'react';

export function useStepFocus(step: string, headingRef: RefObject<HTMLElement | null>, fieldWillFocus: boolean): void {
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    if (fieldWillFocus) return;
    // Scroll first (the heading's scroll margin keeps it clear of the sticky header), then focus without a second jump.
    headingRef.current?.scrollIntoView?.({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, [step, headingRef, fieldWillFocus]);
}
