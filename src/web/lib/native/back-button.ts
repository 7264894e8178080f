/**
 * What Android's back button does in the apps (issue #15: "the Android back button walking back
 * through the booking steps"), in this order, stopping at the first that applies:
 *  1. an open dialog, menu or list closes (it is sent Escape, as a keyboard user would);
 *  2. the screen goes back one step of its own (lib/back-navigation.ts: the booking flow's
 *     previous step);
 *  3. the app goes back in its history (the WebView has an earlier page);
 *  4. on the first screen, the app moves to the background (Android 12+'s behaviour for a root
 *     screen; it keeps the session and the booking draft, which finishing the activity would not).
 */
import { handleBack } from '../back-navigation';

/**
 * An open layer that Escape closes: our modal Dialog (components/ui/dialog.tsx, mounted only
 * while open), and Radix dialogs, menus and select lists (`data-state="open"`).
 */
const OPEN_LAYER = [
  '[role="dialog"][aria-modal="true"]',
  '[role="alertdialog"][aria-modal="true"]',
  ...['dialog', 'alertdialog', 'menu', 'listbox'].map((role) => `[role="${role}"][data-state="open"]`),
].join(', ');

let lastEscaped: Element | null = null;

/**
 * Closes the topmost open popup layer by sending it Escape (Radix listens on the document).
 * @returns true if a layer was sent Escape; false if none is open, or if the same layer was
 *   already sent Escape on the previous press and is still open (it ignores Escape: back must
 *   not get stuck on it).
 */
export function closeOpenLayer(doc: Document = document): boolean {
  const layers = doc.querySelectorAll(OPEN_LAYER);
  const top = layers.item(layers.length - 1);
  if (!top || top === lastEscaped) {
    lastEscaped = null;
    return false;
  }
  lastEscaped = top;
  top.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true, cancelable: true }));
  return true;
}

export interface BackButtonActions {
  /** Step 1; default closeOpenLayer. */
  closeLayer?: () => boolean;
  /** Step 2; default lib/back-navigation's handleBack. */
  screenBack?: () => boolean;
  /** Step 3: go back one history entry (the router's navigate(-1)). */
  historyBack: () => void;
  /** Step 4: leave the app (App.minimizeApp). */
  leaveApp: () => void;
}

/**
 * Answers one press of the back button.
 * @param canGoBack the WebView has an earlier history entry (the `backButton` event's `canGoBack`)
 * @returns which of the four steps acted
 */
export function respondToBackButton(canGoBack: boolean, actions: BackButtonActions): 'layer' | 'screen' | 'history' | 'leave' {
  if ((actions.closeLayer ?? closeOpenLayer)()) return 'layer';
  if ((actions.screenBack ?? handleBack)()) return 'screen';
  if (canGoBack) {
    actions.historyBack();
    return 'history';
  }
  actions.leaveApp();
  return 'leave';
}
