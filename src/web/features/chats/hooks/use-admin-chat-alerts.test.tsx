// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@/domain/chats-contract';
import { Header } from '@/web/components/layout/header';
import { playChime } from '@/web/lib/new-booking-chime';
import { FakeEventSource, installFakeEventSource } from '@/web/test/fake-event-source';
import { mockApi, renderRoutes } from '@/web/test/render-route';
import { ADMIN_ME, CONVERSATION_ID, chatMessage, conversation } from '../testing/admin-fixtures';

vi.mock('@/web/lib/new-booking-chime', () => ({ playChime: vi.fn(), unlockChime: vi.fn() }));

const NEW_MESSAGE_ID = '14141414-1414-4414-8414-141414141414';

/** A stand-in for the browser's Notification, with the permission the test gives it. */
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static shown: FakeNotification[] = [];
  static requestPermission = vi.fn(async () => FakeNotification.permission);
  onclick: (() => void) | null = null;
  close = vi.fn();
  constructor(
    readonly title: string,
    readonly options: NotificationOptions = {},
  ) {
    FakeNotification.shown.push(this);
  }
}

/** The header (which mounts the alerts for admins) at `path`, the inbox answering `conversations`. */
async function renderAlerts(path = '/my-bookings') {
  let conversations: Conversation[] = [conversation({ unreadCount: 0, waitingMinutes: null, lastMessage: chatMessage({ senderRole: 'admin', senderId: 'a1', senderName: 'Dana Admin', body: 'Hi Ana!' }) })];
  mockApi({ 'GET /api/me': { body: ADMIN_ME }, 'GET /api/admin/chats': () => ({ body: { conversations } }) });
  const { router } = renderRoutes([{ path: '/', element: <Header />, children: [{ path: '*', element: <p>page</p> }] }], { path });
  await screen.findByRole('link', { name: /Chats/ }, { timeout: 5_000 });
  await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
  /** The server has a new message (`last`) in the conversation and announces it. */
  const arrive = async (last: Partial<Conversation['lastMessage']> & object, id = CONVERSATION_ID) => {
    conversations = [conversation({ id, unreadCount: 1, lastMessage: chatMessage({ id: NEW_MESSAGE_ID, conversationId: id, seq: 5, ...last }) })];
    FakeEventSource.latest().emit('chat_message', { conversationId: id, messageId: last.id ?? NEW_MESSAGE_ID, seq: last.seq ?? 5 });
    // the alert follows the inbox's answer
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
  };
  return { router, arrive };
}

describe('new-message alerts for admins', () => {
  beforeEach(() => {
    installFakeEventSource();
    FakeNotification.permission = 'granted';
    FakeNotification.shown = [];
    vi.stubGlobal('Notification', FakeNotification);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(playChime).mockClear();
  });

  it('chimes and shows a desktop notification for a customer’s message; a click opens the conversation', async () => {
    const { router, arrive } = await renderAlerts();
    await arrive({ body: 'Is the technician still coming?' });

    await waitFor(() => expect(playChime).toHaveBeenCalledTimes(1));
    expect(FakeNotification.shown).toHaveLength(1);
    const [notification] = FakeNotification.shown;
    expect(notification.title).toBe('New message from Ana Lopez');
    expect(notification.options.body).toBe('Is the technician still coming?');

    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    act(() => notification.onclick?.());
    expect(focus).toHaveBeenCalled();
    expect(notification.close).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/admin/chats');
    expect(router.state.location.search).toBe(`?c=${CONVERSATION_ID}`);
  });

  it('alerts once per message, even when the event comes again', async () => {
    const { arrive } = await renderAlerts();
    await arrive({});
    await arrive({});
    await waitFor(() => expect(playChime).toHaveBeenCalledTimes(1));
    expect(FakeNotification.shown).toHaveLength(1);
  });

  it('only chimes until desktop notifications are allowed', async () => {
    FakeNotification.permission = 'default';
    const { arrive } = await renderAlerts();
    await arrive({});
    await waitFor(() => expect(playChime).toHaveBeenCalledTimes(1));
    expect(FakeNotification.shown).toHaveLength(0);
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
  });

  it('stays quiet for the team’s own answers and internal notes', async () => {
    const { arrive } = await renderAlerts();
    await arrive({ senderRole: 'admin', senderId: 'a1', senderName: 'Dana Admin', body: 'On our way' });
    await arrive({ id: '15151515-1515-4515-8515-151515151515', seq: 6, senderRole: 'admin', senderId: 'a2', senderName: 'Sam', body: 'Called her', internal: true });
    expect(playChime).not.toHaveBeenCalled();
    expect(FakeNotification.shown).toHaveLength(0);
  });

  it('stays quiet while that very conversation is open in a visible tab, not for another one', async () => {
    const { arrive } = await renderAlerts(`/admin/chats?c=${CONVERSATION_ID}`);
    await arrive({});
    expect(playChime).not.toHaveBeenCalled();
    expect(FakeNotification.shown).toHaveLength(0);

    await arrive({ id: '16161616-1616-4616-8616-161616161616', conversationId: '17171717-1717-4717-8717-171717171717' }, '17171717-1717-4717-8717-171717171717');
    await waitFor(() => expect(playChime).toHaveBeenCalledTimes(1));
    expect(FakeNotification.shown).toHaveLength(1);
  });

  it('respects the sound switch', async () => {
    localStorage.setItem('chats_sound', 'off');
    const { arrive } = await renderAlerts();
    await arrive({});
    await waitFor(() => expect(FakeNotification.shown).toHaveLength(1));
    expect(playChime).not.toHaveBeenCalled();
  });
});
