// @vitest-environment jsdom
/** The open conversation with the real thread and composer: what the admin reads and sends. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as AdminChatsPage } from '@/web/features/chats/pages/admin-chats-page';
import { installFakeEventSource } from '@/web/test/fake-event-source';
import { mockApi, renderPage } from '@/web/test/render-route';
import { ADMIN_ME, cannedReply, guestConversation } from '../../testing/admin-fixtures';

vi.mock('@/web/lib/new-booking-chime', () => ({ playChime: vi.fn(), unlockChime: vi.fn() }));

describe('an open conversation on /admin/chats', () => {
  beforeEach(() => {
    installFakeEventSource();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the messages and sends a canned reply in the customer’s language (Spanish)', async () => {
    const spanish = guestConversation();
    const messagesPath = `/api/chats/${spanish.id}/messages`;
    const fetchMock = mockApi({
      'GET /api/me': { body: ADMIN_ME },
      'GET /api/admin/chats': { body: { conversations: [spanish] } },
      'GET /api/admin/chat-replies': { body: { replies: [cannedReply()] } },
      [`GET ${messagesPath}`]: { body: { messages: [spanish.lastMessage], receipts: { deliveredSeq: 0, readSeq: 0 } } },
      [`POST /api/chats/${spanish.id}/read`]: { body: { conversationId: spanish.id, lastReadSeq: 3, unreadCount: 0 } },
      [`POST /api/chats/${spanish.id}/typing`]: { status: 204, body: null },
      [`POST ${messagesPath}`]: (init) => ({
        status: 201,
        body: { ...spanish.lastMessage!, id: '18181818-1818-4818-8818-181818181818', seq: 4, senderRole: 'admin', senderId: 'a1', senderName: 'Dana Admin', body: (JSON.parse(String(init?.body)) as { body: string }).body },
      }),
    });
    renderPage(<AdminChatsPage />, { path: `/admin/chats?c=${spanish.id}`, routePath: '/admin/chats' });

    const panel = await screen.findByRole('region', { name: 'Conversation' });
    expect(await within(panel).findByText('¿Pueden pintar hoy?', { selector: 'ol *' })).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Canned replies' }));
    await within(panel).findByRole('button', { name: /On our way/ });
    // Enter in the search takes the first match; it never sends the message.
    await userEvent.type(within(panel).getByRole('searchbox', { name: 'Search canned replies' }), 'camino{Enter}');
    const box = within(panel).getByRole('textbox', { name: 'Message' });
    expect(box).toHaveValue('Su técnico va en camino.');
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith(messagesPath) && init?.method === 'POST')).toBe(false);

    await userEvent.click(within(panel).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith(messagesPath) && init?.method === 'POST')).toBe(true));
    const sent = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith(messagesPath) && init?.method === 'POST')!;
    expect(JSON.parse(String(sent[1]!.body))).toMatchObject({ body: 'Su técnico va en camino.' });
  });
});
