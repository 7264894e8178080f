/**
 * Progressive hydration of a prerendered page (issue #16: total blocking time). Preact, the
 * production runtime (docs/decisions/041-preact-in-production.md), hydrates a page in one task;
 * a part wrapped here (the header, the page's `<main>`, then the footer: root-layout.tsx)
 * suspends during that first render, so its prerendered HTML stays on screen untouched, and is taken over in a task
 * of its own right after (a timer per part, so each part is its own task). Preact keeps the
 * suspended part's DOM while hydrating (preact/compat's Suspense); React, when the build runs on it
 * (`WEB_RUNTIME=react`), hydrates the boundary later in the same way.
 *
 * Outside hydration (a page drawn in the browser, the dev server, component tests) it renders its
 * children at once. `children` must draw one root element: a suspended part keeps its first node.
 * `part` names it, unique per page: "header", "main", "footer".
 */
import { Suspense, type ReactNode } from 'react';
import { isHydrating } from '@/web/lib/hydration';

const released = new Set<string>();
const waiting = new Map<string, Promise<void>>();

function Deferred({ part, children }: { part: string; children: ReactNode }) {
  if (isHydrating() && !released.has(part)) {
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
  return children;
}

export function HydrateLater({ part, children }: { part: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Deferred part={part}>{children}</Deferred>
    </Suspense>
  );
}
