// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@/domain/chats-contract';
import { Header } from '@/web/components/layout/header';
import { openChatWidget, resetChatWidget } from '@/web/lib/chat-widget';
import i18n from '@/web/lib/i18n';
import { FakeEventSource, installFakeEventSource } from '@/web/test/fake-event-source';
import { mobileUserRoutes, mobileWorkerRoutes } from '@/web/app/route-tables';
import { mockApi, renderPage, renderRoutes, SIGNED_OUT, type ApiTable } from '@/web/test/render-route';
import { ChatWidget } from './chat-widget';

const CUSTOMER = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana' }, profile: null, role: 'user' };
const ADMIN = { user: { id: 'a1', email: 'boss@example.com', name: 'Boss' }, profile: null, role: 'admin' };
const GENERAL = '11111111-1111-4111-8111-111111111111';
const ABOUT_BOOKING = '22222222-2222-4222-8222-222222222222';
const BOOKING = '33333333-3333-4333-8333-333333333333';

function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: GENERAL,
    status: 'open',
    customer: { id: 'u1', name: 'Ana', email: 'ana@example.com' },
    guest: false,
    customerPhone: null,
    language: 'en',
    bookingId: null,
    bookingReference: null,
    assignedAdmin: null,
    createdAt: '2026-11-23T15:00:00.000Z',
    lastMessageAt: null,
    lastMessage: null,
    unreadCount: 0,
    waitingMinutes: null,
    ...overrides,
  };
}

const emptyThread = (id: string): ApiTable => ({ [`GET /api/chats/${id}/messages`]: { body: { messages: [], receipts: { deliveredSeq: 0, readSeq: 0 } } } });

const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => new URL(String(url), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method);
const bodyOf = (call: unknown[] | undefined) => JSON.parse(String((call?.[1] as RequestInit).body)) as unknown;

describe('ChatWidget', () => {
  // The panel is a lazy chunk: load it once up front, so no test waits for its first transform.
  beforeAll(() => import('./chat-panel'));
  beforeEach(() => {
    installFakeEventSource();
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
    localStorage.clear();
    resetChatWidget();
    vi.unstubAllGlobals();
  });

  it('asks a signed-out visitor for a name and an email or phone, then starts the conversation', async () => {
    let started = false;
    const fetchMock = mockApi({
      'GET /api/me': { body: SIGNED_OUT },
      'GET /api/chats/guest': () => (started ? { body: conversation({ guest: true }) } : { status: 404, body: { message: 'Not found', code: 'not_found' } }),
      'POST /api/chats/guest': () => {
        started = true;
        return { status: 201, body: conversation({ guest: true, customer: { id: null, name: 'Rosa', email: 'rosa@example.com' } }) };
      },
      ...emptyThread(GENERAL),
    });
    renderPage(<ChatWidget />);

    await userEvent.click(await screen.findByRole('button', { name: 'Chat with us' }));
    const panel = await screen.findByRole('dialog', { name: 'Chat with us' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Start chatting' }));

    expect(await within(panel).findByText('Please tell us your name.')).toBeInTheDocument();
    expect(within(panel).getByText('Please give an email or a phone number so we can answer you.')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/chats/guest')).toHaveLength(0);

    await userEvent.type(within(panel).getByLabelText('Your name'), 'Rosa');
    await userEvent.type(within(panel).getByLabelText('Email'), 'not-an-email');
    await userEvent.click(within(panel).getByRole('button', { name: 'Start chatting' }));
    expect(await within(panel).findByText('Please enter a valid email address.')).toBeInTheDocument();

    await userEvent.clear(within(panel).getByLabelText('Email'));
    await userEvent.type(within(panel).getByLabelText('Email'), 'rosa@example.com');
    await userEvent.click(within(panel).getByRole('button', { name: 'Start chatting' }));

    expect(await within(panel).findByText('Send us a message — we answer within 5-10 minutes.')).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(bodyOf(calls(fetchMock, 'POST', '/api/chats/guest')[0])).toEqual({ name: 'Rosa', email: 'rosa@example.com', language: 'en' });
  });

  it('asks nothing about a guest conversation for a signed-out visitor who never chatted in this browser', async () => {
    const fetchMock = mockApi({ 'GET /api/me': { body: SIGNED_OUT } });
    renderPage(<ChatWidget />);

    expect(await screen.findByRole('button', { name: 'Chat with us' })).toBeInTheDocument();
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/me')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls(fetchMock, 'GET', '/api/chats/guest')).toHaveLength(0);
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('opens a guest conversation that already exists directly, with its unread count on the button', async () => {
    // Started in this browser on an earlier visit (api.ts marks it; the cookie itself is HttpOnly).
    localStorage.setItem('chat-guest-conversation', '1');
    mockApi({
      'GET /api/me': { body: SIGNED_OUT },
      'GET /api/chats/guest': { body: conversation({ guest: true, unreadCount: 2 }) },
      ...emptyThread(GENERAL),
    });
    renderPage(<ChatWidget />);

    const button = await screen.findByRole('button', { name: /Chat with us.*2 unread messages/ });
    await userEvent.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Chat with us' });
    expect(await within(panel).findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Start chatting' })).toBeNull();
  });

  it('opens the signed-in customer’s general conversation, and Escape closes it back to the button', async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: CUSTOMER },
      'GET /api/chats': { body: { conversations: [conversation({ unreadCount: 0 })] } },
      'POST /api/chats': { body: conversation() },
      ...emptyThread(GENERAL),
    });
    renderPage(<ChatWidget />);

    const button = await screen.findByRole('button', { name: 'Chat with us' });
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/chats')).toHaveLength(1));
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Chat with us' });
    expect(await within(panel).findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(bodyOf(calls(fetchMock, 'POST', '/api/chats')[0])).toEqual({ language: 'en' });
    expect(within(panel).queryByLabelText('Your name')).toBeNull();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: /Chat with us/ })).toHaveFocus();
  });

  it('counts the unread answers of all conversations, and opens the one that has them', async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: CUSTOMER },
      'GET /api/chats': {
        body: { conversations: [conversation({ id: ABOUT_BOOKING, bookingId: BOOKING, bookingReference: 'TH-7Q2K', unreadCount: 2 }), conversation({ unreadCount: 1 })] },
      },
      ...emptyThread(ABOUT_BOOKING),
      [`POST /api/chats/${ABOUT_BOOKING}/read`]: { body: { conversationId: ABOUT_BOOKING, lastReadSeq: 0, unreadCount: 0 } },
    });
    renderPage(<ChatWidget />);

    await userEvent.click(await screen.findByRole('button', { name: /Chat with us.*3 unread messages/ }));
    const panel = await screen.findByRole('dialog', { name: 'Chat with us' });
    expect(await within(panel).findByText('About booking TH-7Q2K')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/chats')).toHaveLength(0);
  });

  it('opens on the conversation about a booking when asked (My Bookings)', async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: CUSTOMER },
      'GET /api/chats': { body: { conversations: [] } },
      'POST /api/chats': { status: 201, body: conversation({ id: ABOUT_BOOKING, bookingId: BOOKING, bookingReference: 'TH-7Q2K' }) },
      ...emptyThread(ABOUT_BOOKING),
    });
    renderPage(<ChatWidget />);
    await screen.findByRole('button', { name: 'Chat with us' });

    openChatWidget({ bookingId: BOOKING });

    const panel = await screen.findByRole('dialog', { name: 'Chat with us' });
    expect(await within(panel).findByText('About booking TH-7Q2K')).toBeInTheDocument();
    expect(bodyOf(calls(fetchMock, 'POST', '/api/chats')[0])).toEqual({ bookingId: BOOKING, language: 'en' });
  });

  it('opens by itself with ?chat=open (the offline emails link there)', async () => {
    const fetchMock = mockApi({ 'GET /api/me': { body: CUSTOMER }, 'GET /api/chats': { body: { conversations: [] } }, 'POST /api/chats': { body: conversation() }, ...emptyThread(GENERAL) });
    const { router } = renderPage(<ChatWidget />, { path: '/about?chat=open', routePath: '/about' });
    expect(await screen.findByRole('dialog', { name: 'Chat with us' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(bodyOf(calls(fetchMock, 'POST', '/api/chats')[0])).toEqual({ language: 'en' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('stays off the staff pages and away from staff accounts', async () => {
    mockApi({ 'GET /api/me': { body: CUSTOMER }, 'GET /api/chats': { body: { conversations: [] } } });
    const first = renderPage(<ChatWidget />, { path: '/admin/errors' });
    await waitFor(() => expect(first.queryClient.getQueryData(['me'])).toBeTruthy());
    expect(screen.queryByRole('button', { name: /Chat with us/ })).toBeNull();
    first.unmount();

    mockApi({ 'GET /api/me': { body: ADMIN } });
    const second = renderPage(<ChatWidget />, { path: '/' });
    await waitFor(() => expect(second.queryClient.getQueryData(['me'])).toBeTruthy());
    expect(screen.queryByRole('button', { name: /Chat with us/ })).toBeNull();
  });

  it('stays out of the worker app, whose home is the staff login (issue #15), and shows in the customer app', async () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT }, 'GET /api/chats': { body: { conversations: [] } } });
    const inApp = (table: typeof mobileWorkerRoutes) =>
      renderRoutes([{ path: '/', handle: table[0]!.handle, element: <ChatWidget />, children: [{ path: '*', element: null }] }], { path: '/' });
    const worker = inApp(mobileWorkerRoutes);
    await waitFor(() => expect(worker.queryClient.getQueryData(['me'])).toBeTruthy());
    expect(screen.queryByRole('button', { name: /Chat with us/ })).toBeNull();
    worker.unmount();

    inApp(mobileUserRoutes);
    expect(await screen.findByRole('button', { name: /Chat with us/ })).toBeInTheDocument();
  });

  it('shows the unread count in the header’s Messages button, live, and opens the widget from there', async () => {
    let unread = 1;
    mockApi({
      'GET /api/me': { body: CUSTOMER },
      'GET /api/chats': () => ({ body: { conversations: [conversation({ unreadCount: unread })] } }),
      'POST /api/chats': { body: conversation() },
      ...emptyThread(GENERAL),
    });
    renderPage(
      <>
        <Header />
        <ChatWidget />
      </>,
    );

    const [messages] = await screen.findAllByRole('button', { name: /Messages.*1 unread message/ });
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
    unread = 2;
    FakeEventSource.latest().emit('chat_message', { conversationId: GENERAL, messageId: '44444444-4444-4444-8444-444444444444', seq: 7 });
    expect((await screen.findAllByRole('button', { name: /Messages.*2 unread messages/ })).length).toBeGreaterThan(0);

    await userEvent.click(messages!);
    expect(await screen.findByRole('dialog', { name: 'Chat with us' })).toBeInTheDocument();
  });

  it('speaks Spanish and starts the conversation in Spanish', async () => {
    const fetchMock = mockApi({ 'GET /api/me': { body: CUSTOMER }, 'GET /api/chats': { body: { conversations: [] } }, 'POST /api/chats': { body: conversation({ language: 'es' }) }, ...emptyThread(GENERAL) });
    renderPage(<ChatWidget />);
    await screen.findByRole('button', { name: 'Chat with us' });
    await act(() => i18n.changeLanguage('es'));

    await userEvent.click(await screen.findByRole('button', { name: 'Chatea con nosotros' }));
    const panel = await screen.findByRole('dialog', { name: 'Chatea con nosotros' });
    expect(await within(panel).findByText('Envíanos un mensaje: respondemos en 5-10 minutos.')).toBeInTheDocument();
    expect(bodyOf(calls(fetchMock, 'POST', '/api/chats')[0])).toEqual({ language: 'es' });
  });
});
