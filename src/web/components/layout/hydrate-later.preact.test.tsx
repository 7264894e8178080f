// @vitest-environment jsdom
// On Preact, the production runtime (vite.config.ts `preactInProduction`): React hydrates a nested
// Suspense boundary later by itself, Preact only when the part asks for it (issue #16).
import { act } from 'preact/test-utils';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markHydrationEnd, markHydrationStart } from '@/web/lib/hydration';
import { PressedCounter } from '@/web/test/pressed-counter';
import { HydrateLater } from './hydrate-later';

describe('HydrateLater on Preact (issue #16)', () => {
  afterEach(() => markHydrationEnd());

  it('takes a part nested in a part over in a task after the outer one, keeping its prerendered HTML', async () => {
    const order: string[] = [];
    // As main.tsx does: the app's first commit ends the page's hydration, before the parts are taken over.
    function TakenOver() {
      useEffect(() => markHydrationEnd(), []);
      return null;
    }
    function Outer({ children }: { children: ReactNode }) {
      useLayoutEffect(() => void order.push('outer taken over'), []);
      return <main>{children}</main>;
    }
    function Inner() {
      order.push('inner drawn');
      return <PressedCounter />;
    }
    // Part names are kept per page load: the HTML is drawn under names of its own.
    const page = (names: [string, string]) => (
      <div>
        <HydrateLater part={names[0]}>
          <Outer>
            <h1>Page</h1>
            <HydrateLater part={names[1]}>
              <Inner />
            </HydrateLater>
          </Outer>
        </HydrateLater>
        <TakenOver />
      </div>
    );
    // The page as drawn before (the prerendering's HTML), then taken over.
    const drawn = document.createElement('div');
    await act(async () => createRoot(drawn).render(page(['drawn-main', 'drawn-price'])));
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = drawn.innerHTML;
    const footerFromHtml = container.querySelector('footer');
    order.length = 0;

    markHydrationStart();
    await act(async () => {
      hydrateRoot(container, page(['main', 'price']));
    });
    await vi.waitFor(() => expect(order).toContain('inner drawn'));

    // the inner part was drawn only once the outer one had been taken over
    expect(order.slice(0, 2)).toEqual(['outer taken over', 'inner drawn']);
    // the very elements from the HTML, now answering the app
    expect(container.querySelector('footer')).toBe(footerFromHtml);
    expect(container.querySelectorAll('footer')).toHaveLength(1);
    await act(async () => container.querySelector('button')!.click());
    expect(container.querySelector('button')).toHaveProperty('textContent', 'Pressed 1');
    container.remove();
  });
});
