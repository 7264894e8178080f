/**
 * An admin's alerts for new customer messages (issue #13), on whichever page they have open: the
 * header mounts `useAdminChatAlerts` once for admins. On each live `chat_message` it refreshes
 * the admin's chat queries (inbox, unread badge) and, when the conversation's newest message is
 * from the customer or guest (not a team member's answer or note, not the admin's own), plays a
 * short chime (unless the sound is off) and, once the admin has allowed it, shows a browser
 * notification "New message from {name}" that opens the conversation when clicked. Nothing is
 * announced while the tab is visible with that very conversation open on /admin/chats.
 *
 * Permission is only ever asked from a click (`useDesktopNotifications().request`, the button on
 * /admin/chats), never on load. Browsers keep audio muted until a gesture: the first click
 * anywhere unlocks the chime.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { ChatMessageNotice } from '@/domain/chats-contract';
import { useLiveChatEvents } from '@/web/lib/live-updates';
import { playChime, unlockChime } from '@/web/lib/new-booking-chime';
import { adminChatKeys, adminConversationsQueryOptions } from '../admin-api';
import { customerNameOf, isFromCustomer, messagePreview } from '../components/inbox/conversation-labels';

export const ADMIN_CHATS_PATH = '/admin/chats';
const SOUND_STORAGE_KEY = 'chats_sound';

/** How many alerted message ids are remembered (so a replayed event never alerts twice). */
const REMEMBERED_ALERTS = 200;

/** Marks the inbox lists (inbox, badge) stale; an answer already on its way is reused, not restarted. */
export function refreshAdminChats(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: adminChatKeys.inboxes() }, { cancelRefetch: false });
}

/**
 * The open conversations once they include the message `notice` announces: the answer of a
 * refresh already under way may predate it, so a second, fresh one is asked for then.
 */
async function openConversationsAfter(queryClient: QueryClient, notice: ChatMessageNotice) {
  const read = () => queryClient.fetchQuery({ ...adminConversationsQueryOptions('open'), staleTime: 0 });
  const first = await read();
  const found = first.find((item) => item.id === notice.conversationId);
  if (found?.lastMessage && found.lastMessage.seq >= notice.seq) return first;
  return read();
}

/** The admin's chat sound switch, remembered in this browser (on by default). */
export function chatSoundOn(): boolean {
  try {
    return localStorage.getItem(SOUND_STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function useChatSoundSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(chatSoundOn);
  const set = useCallback((next: boolean) => {
    setOn(next);
    try {
      localStorage.setItem(SOUND_STORAGE_KEY, next ? 'on' : 'off');
    } catch {
      // the switch still applies to this visit
    }
  }, []);
  return [on, set];
}

export type DesktopPermission = NotificationPermission | 'unsupported';

const notificationsSupported = () => typeof window !== 'undefined' && 'Notification' in window;

/** The browser's notification permission, and `request` to ask for it (call it from a click only). */
export function useDesktopNotifications(): { permission: DesktopPermission; request: () => Promise<void> } {
  const [permission, setPermission] = useState<DesktopPermission>(() => (notificationsSupported() ? Notification.permission : 'unsupported'));
  const request = useCallback(async () => {
    if (!notificationsSupported()) return;
    unlockChime();
    try {
      setPermission(await Notification.requestPermission());
    } catch {
      setPermission(Notification.permission);
    }
  }, []);
  return { permission, request };
}

/** The conversation the admin is looking at right now (tab visible, /admin/chats?c=<id>), if any. */
function conversationInView(location: { pathname: string; search: string }): string | null {
  if (typeof document !== 'undefined' && document.visibilityState !== 'visible') return null;
  if (location.pathname !== ADMIN_CHATS_PATH) return null;
  return new URLSearchParams(location.search).get('c');
}

/** Alerts the signed-in admin of new customer messages while mounted and `enabled` (admins only). */
export function useAdminChatAlerts({ enabled }: { enabled: boolean }): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const latest = useRef({ location, navigate, t });
  useEffect(() => {
    latest.current = { location, navigate, t };
  });
  const alerted = useRef(new Set<string>());

  useEffect(() => {
    if (!enabled) return;
    const unlock = () => unlockChime();
    document.addEventListener('pointerdown', unlock, { once: true });
    return () => document.removeEventListener('pointerdown', unlock);
  }, [enabled]);

  const onMessage = async (notice: ChatMessageNotice) => {
    void refreshAdminChats(queryClient);
    let conversations;
    try {
      conversations = await openConversationsAfter(queryClient, notice);
    } catch {
      return; // the badge and inbox show the failure; an alert can wait for the next message
    }
    const conversation = conversations.find((item) => item.id === notice.conversationId);
    const message = conversation?.lastMessage;
    // Only the newest message counts: an answer or a note after the customer's means nothing waits.
    if (!conversation || !message || message.internal || !isFromCustomer(message) || message.seq < notice.seq) return;
    if (alerted.current.has(message.id)) return;
    alerted.current.add(message.id);
    if (alerted.current.size > REMEMBERED_ALERTS) alerted.current.delete(alerted.current.values().next().value!);

    const { location: where, navigate: go, t: translate } = latest.current;
    if (conversationInView(where) === conversation.id) return;

    if (chatSoundOn()) playChime();
    if (!notificationsSupported() || Notification.permission !== 'granted') return;
    try {
      const notification = new Notification(translate('chats.alerts.newMessage', { name: customerNameOf(conversation, translate) }), {
        body: messagePreview(message, translate),
        tag: `chat-${conversation.id}`,
      });
      notification.onclick = () => {
        window.focus();
        void go(`${ADMIN_CHATS_PATH}?c=${encodeURIComponent(conversation.id)}`);
        notification.close();
      };
    } catch {
      // some browsers (Android Chrome) only notify through a service worker; the chime still played
    }
  };

  useLiveChatEvents({
    enabled,
    onMessage: (notice) => void onMessage(notice),
    onReconnect: () => void refreshAdminChats(queryClient),
  });
}
