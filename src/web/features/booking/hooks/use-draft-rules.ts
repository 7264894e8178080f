/**
 * The draft rules (utils/draft-rules.ts: zod and the phone parser, the booking page's heaviest
 * code) for the booking flow: null until their lazy chunk has loaded, then the same object on
 * every render. Loading starts on the customer's first touch, key or focus on the page
 * (components/booking-flow.tsx), or at once when the rules are `wanted` (a draft past the first
 * step, "Book again"): a new visitor's first step shows and settles without them (issue #16:
 * the booking page's blocking time during load).
 * A failed load is thrown to the route's error screen when the rules are wanted, as a failed page
 * load would be; a failed early load is tried again once they are.
 */
import { useEffect, useState } from 'react';
import type { DraftRules } from '../utils/draft-rules';

type Outcome = { rules: DraftRules } | { error: unknown };

let loaded: DraftRules | null = null;
let loading: Promise<DraftRules> | null = null;
const waiting = new Set<(outcome: Outcome) => void>();

/** Starts loading the rules (once; again after a failure); resolves to them. */
export function loadDraftRules(): Promise<DraftRules> {
  loading ??= import('../utils/draft-rules').then(
    (module) => {
      loaded = module.draftRules;
      for (const settle of waiting) settle({ rules: module.draftRules });
      return module.draftRules;
    },
    (error: unknown) => {
      loading = null;
      for (const settle of waiting) settle({ error });
      throw error;
    },
  );
  return loading;
}

/** The rules once loaded (by anyone); with `wanted`, starts loading them now. */
export function useDraftRules(wanted: boolean): DraftRules | null {
  const [rules, setRules] = useState<DraftRules | null>(loaded);
  useEffect(() => {
    if (rules) return;
    let current = true;
    const settle = (outcome: Outcome) => {
      if (!current) return;
      if ('rules' in outcome) setRules(outcome.rules);
      else if (wanted)
        setRules(() => {
          throw outcome.error;
        });
    };
    waiting.add(settle);
    if (loaded) settle({ rules: loaded });
    else if (wanted) loadDraftRules().catch(() => undefined); // reported through settle
    return () => {
      current = false;
      waiting.delete(settle);
    };
  }, [rules, wanted]);
  return rules;
}
