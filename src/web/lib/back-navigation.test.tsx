// @vitest-environment jsdom
/**
 * The back registry behind Android's back button (issue #15): newest handler first, the first
 * that handles it stops the rest, nothing handled when none answers, and a component's handler
 * lives exactly as long as it is mounted and enabled.
 */
import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { handleBack, registerBackHandler, useBackHandler } from './back-navigation';

const cleanups: (() => void)[] = [];
const register = (handler: () => boolean) => {
  const remove = registerBackHandler(handler);
  cleanups.push(remove);
  return remove;
};
afterEach(() => cleanups.splice(0).forEach((remove) => remove()));

describe('handleBack', () => {
  it('is not handled when nothing is registered', () => {
    expect(handleBack()).toBe(false);
  });

  it('asks the newest handler first and stops at the first that handles it', () => {
    const asked: string[] = [];
    register(() => (asked.push('page'), true));
    register(() => (asked.push('panel'), false));
    register(() => (asked.push('dialog'), true));
    expect(handleBack()).toBe(true);
    expect(asked).toEqual(['dialog']);
    asked.length = 0;
    cleanups[2]!();
    expect(handleBack()).toBe(true);
    expect(asked).toEqual(['panel', 'page']);
  });

  it('reports not handled when every handler declines', () => {
    register(() => false);
    register(() => false);
    expect(handleBack()).toBe(false);
  });

  it('removes only the handler it was given, once', () => {
    const asked: string[] = [];
    const removeFirst = register(() => (asked.push('first'), false));
    register(() => (asked.push('second'), false));
    removeFirst();
    removeFirst();
    handleBack();
    expect(asked).toEqual(['second']);
  });
});

describe('useBackHandler', () => {
  function Steps({ enabled = true }: { enabled?: boolean }) {
    const [step, setStep] = useState(3);
    useBackHandler(() => {
      if (step === 1) return false;
      setStep(step - 1);
      return true;
    }, enabled);
    return <p>step {step}</p>;
  }

  it('calls the current render’s handler while mounted and enabled, and nothing after unmount', () => {
    const { container, rerender, unmount } = render(<Steps />);
    act(() => void expect(handleBack()).toBe(true));
    expect(container).toHaveTextContent('step 2');
    act(() => void expect(handleBack()).toBe(true));
    expect(container).toHaveTextContent('step 1');
    expect(handleBack()).toBe(false);

    rerender(<Steps enabled={false} />);
    expect(handleBack()).toBe(false);
    unmount();
    expect(handleBack()).toBe(false);
  });

  it('keeps a dialog opened later above the page', () => {
    const asked: string[] = [];
    function Page({ dialogOpen }: { dialogOpen: boolean }) {
      useBackHandler(() => (asked.push('page'), true));
      return dialogOpen ? <Dialog /> : null;
    }
    function Dialog() {
      useBackHandler(() => (asked.push('dialog'), true));
      return null;
    }
    const { rerender, unmount } = render(<Page dialogOpen={false} />);
    rerender(<Page dialogOpen />);
    handleBack();
    rerender(<Page dialogOpen={false} />);
    handleBack();
    expect(asked).toEqual(['dialog', 'page']);
    unmount();
  });
});
