// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { markHydrationEnd, markHydrationStart } from '@/web/lib/hydration';
import { PressedCounter } from '@/web/test/pressed-counter';
import { HydrateLater } from './hydrate-later';

describe('HydrateLater (issue #16)', () => {
  afterEach(() => markHydrationEnd());

  it('renders its part at once when the page is drawn in the browser', () => {
    render(
      <HydrateLater part="test-drawn">
        <PressedCounter />
      </HydrateLater>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('Pressed 0');
  });

  it('keeps the prerendered HTML of its part while the page is taken over, then takes the part over in a later task', async () => {
    const page = (
      <div>
        <h1>Page</h1>
        <HydrateLater part="test-footer">
          <PressedCounter />
        </HydrateLater>
      </div>
    );
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(page);
    const footerFromHtml = container.querySelector('footer');

    markHydrationStart();
    await act(async () => {
      hydrateRoot(container, page);
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    markHydrationEnd();

    // the very element from the HTML, now answering the app
    expect(container.querySelector('footer')).toBe(footerFromHtml);
    await act(async () => screen.getByRole('button').click());
    expect(screen.getByRole('button')).toHaveTextContent('Pressed 1');
    container.remove();
  });
});
