// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@/domain/chats-contract';
import { mockApi, renderPage } from '@/web/test/render-route';
import { ADMIN } from '../testing/fixtures';
import { AdminNav } from './admin-nav';

/** An open conversation as `GET /api/admin/chats?filter=open` lists it. */
function openConversation(id: string, unreadCount: number): Conversation {
  return {
    id,
    status: 'open',
    customer: { id: 'u1', name: 'Ana Lopez', email: 'ana@example.com' },
    guest: false,
    customerPhone: null,
    language: 'en',
    bookingId: null,
    bookingReference: null,
    assignedAdmin: null,
    createdAt: '2026-05-15T13:55:00.000Z',
    lastMessageAt: '2026-05-15T14:00:00.000Z',
    lastMessage: null,
    unreadCount,
    waitingMinutes: null,
  };
}

describe('the admin navigation', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('links to the chats inbox beside the other admin pages, with the unread count', async () => {
    mockApi({
      'GET /api/me': { body: ADMIN },
      'GET /api/admin/chats': { body: { conversations: [openConversation('11111111-1111-4111-8111-111111111111', 2), openConversation('44444444-4444-4444-8444-444444444444', 1)] } },
    });
    renderPage(<AdminNav />, { path: '/admin' });

    const nav = screen.getByRole('navigation', { name: 'Admin' });
    const chats = screen.getByRole('link', { name: /^Chats/ });
    expect(nav).toContainElement(chats);
    expect(chats).toHaveAttribute('href', '/admin/chats');
    expect(screen.getByRole('link', { name: 'Dispatch board' })).toHaveAttribute('href', '/admin');
    await waitFor(() => expect(chats).toHaveAccessibleName(/^Chats\s*3 unread messages$/), { timeout: 5_000 });
  });

  it('shows the plain link when nothing is unread', async () => {
    const fetchMock = mockApi({ 'GET /api/me': { body: ADMIN }, 'GET /api/admin/chats': { body: { conversations: [openConversation('11111111-1111-4111-8111-111111111111', 0)] } } });
    renderPage(<AdminNav />, { path: '/admin' });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => new URL(String(url), 'http://localhost').pathname === '/api/admin/chats')).toBe(true), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('link', { name: /^Chats/ })).toHaveAccessibleName('Chats');
  });
});
