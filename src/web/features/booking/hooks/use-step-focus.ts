/**
 * Moves focus to the step heading whenever the step changes (not on first load), so keyboard
 * and screen reader users start at the top of the new step. When the step opens with field
 * errors from the API, the step's form focuses the first of them instead.
 */
import { useEffect, useRef, type RefObject } from 'react';

export function useStepFocus(step: string | null, headingRef: RefObject<HTMLElement | null>, fieldWillFocus: boolean): void {
  // null: no step shown yet (the draft rules are loading); the first step shown is the page's own start.
  const shown = useRef(step);
  useEffect(() => {
    if (step === null || shown.current === step) return;
    const first = shown.current === null;
    shown.current = step;
    if (first) return;
    if (fieldWillFocus) return;
    // Scroll first (the heading's scroll margin keeps it clear of the sticky header), then focus without a second jump.
    headingRef.current?.scrollIntoView?.({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, [step, headingRef, fieldWillFocus]);
}
