/**
 * The guest conversation's mark in this browser (issue #13): set while it holds a guest
 * conversation (started here, or found by `GET /api/chats/guest`), cleared when the server has
 * none for it. The `chat_guest` cookie is HttpOnly, so without this mark every public page would
 * ask the server, and a visitor who never chatted would get a 404 (and a console error) on each
 * one (issue #16). Its own module so the chat button reads it without loading the chats API
 * (api.ts, which sets it) for a visitor who never chatted.
 */
const GUEST_CONVERSATION_MARK = 'chat-guest-conversation';

/** Whether this browser may hold a guest conversation worth asking the server about. */
export function mayHaveGuestConversation(): boolean {
  try {
    return localStorage.getItem(GUEST_CONVERSATION_MARK) === '1';
  } catch {
    return false; // storage blocked: the chat panel still asks when opened
  }
}

/** Sets or clears the mark: `present` when the server holds a guest conversation for this browser. */
export function markGuestConversation(present: boolean): void {
  try {
    if (present) localStorage.setItem(GUEST_CONVERSATION_MARK, '1');
    else localStorage.removeItem(GUEST_CONVERSATION_MARK);
  } catch {
    // storage blocked: nothing to remember
  }
}
