// @vitest-environment jsdom
/**
 * Android's back button (issue #15): an open layer first, then the screen's own step, then
 * history, then leaving the app; and a layer that ignores Escape never traps the button.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeOpenLayer, respondToBackButton } from './back-button';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('respondToBackButton', () => {
  const actions = (layer: boolean, screen: boolean) => ({ closeLayer: () => layer, screenBack: () => screen, historyBack: vi.fn(), leaveApp: vi.fn() });

  it('tries the layer, the screen, history, then leaves, stopping at the first that acts', () => {
    let a = actions(true, true);
    expect(respondToBackButton(true, a)).toBe('layer');
    a = actions(false, true);
    expect(respondToBackButton(true, a)).toBe('screen');
    expect(a.historyBack).not.toHaveBeenCalled();
    a = actions(false, false);
    expect(respondToBackButton(true, a)).toBe('history');
    expect(a.historyBack).toHaveBeenCalledTimes(1);
    expect(a.leaveApp).not.toHaveBeenCalled();
    a = actions(false, false);
    expect(respondToBackButton(false, a)).toBe('leave');
    expect(a.leaveApp).toHaveBeenCalledTimes(1);
    expect(a.historyBack).not.toHaveBeenCalled();
  });
});

describe('closeOpenLayer', () => {
  it('sends Escape to the topmost open layer', () => {
    document.body.innerHTML = '<div role="menu" data-state="open" id="menu"></div><div role="dialog" aria-modal="true" id="dialog"></div>';
    const keys: string[] = [];
    document.getElementById('dialog')!.addEventListener('keydown', (event) => keys.push(`dialog:${event.key}`));
    document.getElementById('menu')!.addEventListener('keydown', (event) => keys.push(`menu:${event.key}`));
    expect(closeOpenLayer()).toBe(true);
    expect(keys).toEqual(['dialog:Escape']);
  });

  it('finds nothing to close on a plain page, or in a closed Radix layer', () => {
    document.body.innerHTML = '<div role="menu" data-state="closed"></div><ul role="listbox"></ul>';
    expect(closeOpenLayer()).toBe(false);
  });

  it('passes over a layer that stayed open after Escape, so back is not stuck on it', () => {
    document.body.innerHTML = '<div role="dialog" aria-modal="true"></div>';
    expect(closeOpenLayer()).toBe(true);
    expect(closeOpenLayer()).toBe(false);
    // a later press tries again (it may have been a slow close)
    expect(closeOpenLayer()).toBe(true);
  });
});
