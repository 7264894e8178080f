/**
 * Keeping the field being typed in above the on-screen keyboard (issue #15: "keyboard not
 * covering inputs"). The WebView is resized when the keyboard opens (capacitor.config.ts,
 * Keyboard `resize: native`); the field that has focus may still sit under the new bottom edge
 * (a sticky footer, or a field near the end of a long form), so it is scrolled to the middle of
 * what is left of the screen once the keyboard is up.
 */

const TYPING = 'input:not([type="button"]):not([type="submit"]):not([type="reset"]):not([type="checkbox"]):not([type="radio"]):not([type="range"]):not([type="file"]), textarea, select, [contenteditable=""], [contenteditable="true"]';

/**
 * Scrolls the focused text field into the middle of the visible area.
 * @returns the field scrolled to, or null when focus is not in a text field (nothing moves).
 */
export function revealFocusedField(doc: Document = document): HTMLElement | null {
  const active = doc.activeElement;
  if (!(active instanceof HTMLElement) || !active.matches(TYPING)) return null;
  active.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'smooth' });
  return active;
}
