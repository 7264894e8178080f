/**
 * Whether the app's first render is hydrating a prerendered page (issue #16,
 * docs/decisions/036-prerendered-public-pages.md). While it is, a component must draw exactly what
 * the prerendering drew, or React throws the page's HTML away (error #418) and draws it again;
 * what only this browser knows (a booking draft in sessionStorage) is read in a layout effect
 * right after, before the first paint. main.tsx marks the start; the app's first commit the end.
 */
let hydrating = false;

export function markHydrationStart(): void {
  hydrating = true;
}

export function markHydrationEnd(): void {
  hydrating = false;
}

export function isHydrating(): boolean {
  return hydrating;
}
