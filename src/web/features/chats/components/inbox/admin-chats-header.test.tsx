// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Header } from '@/web/components/layout/header';
import { FakeEventSource, installFakeEventSource } from '@/web/test/fake-event-source';
import { mockApi, renderRoutes, type ApiTable } from '@/web/test/render-route';
import { ADMIN_ME, CONVERSATION_ID, CUSTOMER_ME, chatMessage, conversation, guestConversation } from '../../testing/admin-fixtures';

vi.mock('@/web/lib/new-booking-chime', () => ({ playChime: vi.fn(), unlockChime: vi.fn() }));

function renderHeader(table: ApiTable) {
  const fetchMock = mockApi(table);
  renderRoutes([{ path: '/', element: <Header />, children: [{ path: '*', element: null }] }], { path: '/my-bookings' });
  return { inboxCalls: () => fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === '/api/admin/chats') };
}

describe('the header’s Chats link for admins', () => {
  beforeEach(() => {
    installFakeEventSource();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('counts the unread messages over the open conversations, and follows new ones live', async () => {
    let conversations = [conversation({ unreadCount: 2 }), guestConversation({ unreadCount: 1 }), conversation({ id: '12121212-1212-4212-8212-121212121212', unreadCount: 0 })];
    const { inboxCalls } = renderHeader({ 'GET /api/me': { body: ADMIN_ME }, 'GET /api/admin/chats': () => ({ body: { conversations } }) });

    const link = await screen.findByRole('link', { name: /Chats/ }, { timeout: 5_000 });
    expect(link).toHaveAttribute('href', '/admin/chats');
    await waitFor(() => expect(link).toHaveAccessibleName(/^Chats\s*3 unread messages$/));
    expect(new URL(String(inboxCalls()[0][0]), 'http://localhost').searchParams.get('filter')).toBe('open');
    // On phones the link is inside the menu: its button says that messages wait.
    expect(screen.getByRole('button', { name: /Open menu/ })).toHaveAccessibleName(/^Open menu\s*3 unread messages$/);

    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
    conversations = [conversation({ unreadCount: 3, lastMessage: chatMessage({ seq: 9, id: '13131313-1313-4313-8313-131313131313' }) }), guestConversation({ unreadCount: 1 })];
    FakeEventSource.latest().emit('chat_message', { conversationId: CONVERSATION_ID, messageId: '13131313-1313-4313-8313-131313131313', seq: 9 });
    await waitFor(() => expect(screen.getByRole('link', { name: /Chats/ })).toHaveAccessibleName(/^Chats\s*4 unread messages$/));
  });

  it('shows no count when nothing is unread', async () => {
    const { inboxCalls } = renderHeader({ 'GET /api/me': { body: ADMIN_ME }, 'GET /api/admin/chats': { body: { conversations: [conversation({ unreadCount: 0 })] } } });
    const link = await screen.findByRole('link', { name: 'Chats' }, { timeout: 5_000 });
    await waitFor(() => expect(inboxCalls()).toHaveLength(1));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByTestId('admin-chats-unread')).not.toBeInTheDocument();
    expect(screen.queryByTestId('admin-chats-unread-dot')).not.toBeInTheDocument();
    expect(link).toHaveAccessibleName('Chats');
  });

  it('is not there for customers, who never ask for the inbox', async () => {
    const { inboxCalls } = renderHeader({ 'GET /api/me': { body: CUSTOMER_ME } });
    expect(await screen.findByRole('button', { name: /^Account menu/ }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Chats/ })).not.toBeInTheDocument();
    expect(inboxCalls()).toHaveLength(0);
  });
});
