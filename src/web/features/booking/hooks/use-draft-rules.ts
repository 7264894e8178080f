/**
 * The draft rules (utils/draft-rules.ts) for the booking flow: null until their lazy chunk has
 * loaded, then the same object on every render. The chunk starts loading as soon as the booking
 * flow's code runs (components/booking-flow.tsx), beside the page's first render.
 * A failed load is thrown to the route's error screen, as a failed page load would be.
 */
import { useEffect, useState } from 'react';
import type { DraftRules } from '../utils/draft-rules';

let loaded: DraftRules | null = null;
let loading: Promise<DraftRules> | null = null;

/** Starts loading the rules (once; again after a failure); resolves to them. */
export function loadDraftRules(): Promise<DraftRules> {
  loading ??= import('../utils/draft-rules').then(
    (module) => (loaded = module.draftRules),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export function useDraftRules(): DraftRules | null {
  const [rules, setRules] = useState<DraftRules | null>(loaded);
  useEffect(() => {
    if (rules) return;
    let current = true;
    loadDraftRules().then(
      (value) => current && setRules(value),
      (error: unknown) => {
        if (current)
          setRules(() => {
            throw error;
          });
      },
    );
    return () => {
      current = false;
    };
  }, [rules]);
  return rules;
}
