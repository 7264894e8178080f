/**
 * Progressive hydration of a prerendered page (issue #16: total blocking time). Preact, the
 * production runtime (docs/decisions/041-preact-in-production.md), hydrates a page in one task;
 * a part wrapped here (the header, the page's `<main>`, then the footer: root-layout.tsx)
 * suspends during that first render, so its prerendered HTML stays on screen untouched, and is
 * taken over in a task of its own right after (a timer per part, so each part is its own task).
 * A part nested in a part (the booking page's steps and running price, booking-flow.tsx) waits
 * while the outer one is taken over, then takes a task of its own in turn (decision 058). Preact
 * keeps the suspended part's DOM while hydrating (preact/compat's Suspense); React, when the build
 * runs on it (`WEB_RUNTIME=react`), hydrates the boundary later in the same way.
 *
 * Outside hydration (a page drawn in the browser, the dev server, component tests) it renders its
 * children at once. `children` must draw one root element: a suspended part keeps its first node.
 * `part` names it, unique per page: "header", "main", "footer", "booking-steps", ...
 */
import { createContext, Suspense, useContext, type ReactNode } from 'react';
import { isHydrating } from '@/web/lib/hydration';

const released = new Set<string>();
const waiting = new Map<string, Promise<void>>();
/** Parts whose prerendered HTML has been taken over (the task after their first render once released). */
const committed = new Set<string>();
/** True inside a part while its prerendered HTML is being taken over: a part nested in it waits too. */
const TakingOver = createContext(false);

function Deferred({ part, children }: { part: string; children: ReactNode }) {
  const parentTakingOver = useContext(TakingOver);
  if ((isHydrating() || parentTakingOver) && !released.has(part)) {
    let wait = waiting.get(part);
    if (!wait) {
      wait = new Promise<void>((resolve) =>
        setTimeout(() => {
          released.add(part);
          resolve();
        }),
      );
      waiting.set(part, wait);
    }
    throw wait;
  }
  // The render that takes the part over: a part nested in it waits (its timer runs after this one).
  const takingOver = waiting.has(part) && !committed.has(part);
  if (takingOver) setTimeout(() => committed.add(part));
  return <TakingOver.Provider value={takingOver}>{children}</TakingOver.Provider>;
}

export function HydrateLater({ part, children }: { part: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Deferred part={part}>{children}</Deferred>
    </Suspense>
  );
}
