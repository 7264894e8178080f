/**
 * "Back" that is not a change of URL (issue #15: "the Android back button walking back through
 * the booking steps"). A screen whose state lives outside the URL — the booking flow's step, an
 * open panel — registers a handler; when the user asks to go back (Android's back button, sent by
 * the native shell in lib/native/native-shell.ts) the handlers are asked newest first, and the
 * first that returns true has handled it. Only if none does, the caller goes back in history.
 *
 * "Newest first" is "topmost first" for things opened over a screen (a dialog registered after
 * its page). Components mounted in the same render register in React's effect order (children
 * before parents), so two handlers that are both always mounted should not both answer for the
 * same screen. The registry is tiny on purpose: the web app pays nothing for it but an array.
 */
import { useEffect, useRef } from 'react';

/** Goes back one level inside a screen; true if it did, false to let the next handler (or history) act. */
export type BackHandler = () => boolean;

const handlers: BackHandler[] = [];

/**
 * Adds a handler on top of the others. Returns the function that removes it (again: removing
 * twice is harmless). The same function registered twice counts twice.
 */
export function registerBackHandler(handler: BackHandler): () => void {
  const entry: BackHandler = () => handler();
  handlers.push(entry);
  return () => {
    const at = handlers.lastIndexOf(entry);
    if (at !== -1) handlers.splice(at, 1);
  };
}

/**
 * Asks the handlers, newest first, to go back; stops at the first that returns true.
 * @returns true if one handled it, false if none did (the caller then goes back in history).
 */
export function handleBack(): boolean {
  for (const handler of [...handlers].reverse()) {
    if (handler()) return true;
  }
  return false;
}

/**
 * A component's back handler while it is mounted (and `enabled`). The latest `handler` is the
 * one called, so it may close over the current render's state without re-registering (which
 * would move it above handlers registered after it).
 */
export function useBackHandler(handler: BackHandler, enabled = true): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    return registerBackHandler(() => latest.current());
  }, [enabled]);
}
