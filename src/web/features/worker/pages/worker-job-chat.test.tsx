// @vitest-environment jsdom
/**
 * The worker's side of a job's conversation on the worker's day (issue #13): the customer starts
 * it, the worker reads and answers it on the job's card while assigned, and it goes away when
 * the server stops listing it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, Conversation } from '@/domain/chats-contract';
import { FakeEventSource, installFakeEventSource } from '@/web/test/fake-event-source';
import { mockApi, renderPage, type ApiTable, type CannedResponse } from '@/web/test/render-route';
import { WORKER, workerJob } from '../testing/fixtures';
import { Component as WorkerDayPage } from './worker-day-page';

const CONVERSATION_ID = '11111111-1111-4111-8111-111111111111';
const MESSAGES_PATH = `/api/chats/${CONVERSATION_ID}/messages`;

function customerMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    conversationId: CONVERSATION_ID,
    seq: 1,
    senderId: 'u1',
    senderRole: 'customer',
    senderName: 'Ana Lopez',
    body: 'The gate code changed to 5678',
    attachment: null,
    internal: false,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

/** The job's conversation as `GET /api/chats` lists it for its worker (booking j1). */
function jobConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: CONVERSATION_ID,
    status: 'open',
    customer: { id: 'u1', name: 'Ana Lopez', email: 'ana@example.com' },
    guest: false,
    customerPhone: '+18135550123',
    language: 'en',
    bookingId: 'j1',
    bookingReference: 'TB-JOB001',
    assignedAdmin: null,
    createdAt: new Date().toISOString(),
    lastMessageAt: new Date().toISOString(),
    lastMessage: customerMessage(),
    unreadCount: 2,
    waitingMinutes: null,
    ...overrides,
  };
}

const OTHER_BOOKING = jobConversation({ id: '44444444-4444-4444-8444-444444444444', bookingId: '22222222-2222-4222-8222-222222222222' });

function renderDay(job = workerJob(), table: ApiTable = {}) {
  const fetchMock = mockApi({
    'GET /api/me': { body: WORKER },
    'GET /api/worker/jobs': { body: { jobs: [job] } },
    [`POST /api/chats/${CONVERSATION_ID}/read`]: { body: { conversationId: CONVERSATION_ID, lastReadSeq: 1, unreadCount: 0 } },
    ...table,
  });
  renderPage(<WorkerDayPage />, { path: '/worker' });
  const calls = (method: string, pathname: string) =>
    fetchMock.mock.calls.filter(([url, init]) => new URL(String(url), 'http://localhost').pathname === pathname && (init?.method ?? 'GET') === method);
  return { calls };
}

const jobCard = async () => (await screen.findByRole('heading', { name: /2:30 PM/ })).closest('article') as HTMLElement;
const MESSAGES_BUTTON = /^Messages with the customer/;

describe("the worker's messages with the customer on a job", () => {
  beforeEach(() => {
    installFakeEventSource();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the conversation about the job with its unread count, opens it to read and answer (no notes), and marks it read', async () => {
    const { calls } = renderDay(workerJob(), {
      'GET /api/chats': { body: { conversations: [OTHER_BOOKING, jobConversation()] } },
      [`GET ${MESSAGES_PATH}`]: { body: { messages: [customerMessage()], receipts: { deliveredSeq: 0, readSeq: 0 } } },
      [`POST ${MESSAGES_PATH}`]: (init) => ({
        body: customerMessage({ id: '55555555-5555-4555-8555-555555555555', seq: 2, senderId: 'w1', senderRole: 'worker', senderName: 'Luis Ortega', body: JSON.parse(String(init?.body)).body }),
      }),
    });
    const card = await jobCard();

    const toggle = await within(card).findByRole('button', { name: MESSAGES_BUTTON }, { timeout: 5_000 });
    expect(toggle).toHaveAccessibleName(/^Messages with the customer\s*2 unread messages$/);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Nothing is read before the worker opens it.
    expect(calls('GET', MESSAGES_PATH)).toHaveLength(0);

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const thread = await within(card).findByRole('region', { name: 'Conversation' });
    expect(await within(thread).findByText('The gate code changed to 5678')).toBeInTheDocument();
    expect(within(thread).queryByRole('checkbox', { name: 'Internal note' })).not.toBeInTheDocument();

    await waitFor(() => expect(calls('POST', `/api/chats/${CONVERSATION_ID}/read`)).toHaveLength(1));
    await waitFor(() => expect(toggle).toHaveAccessibleName('Messages with the customer'));

    await userEvent.type(within(thread).getByRole('textbox', { name: 'Message' }), 'Thanks, on my way{Enter}');
    await waitFor(() => expect(calls('POST', MESSAGES_PATH)).toHaveLength(1));
    expect(JSON.parse(String(calls('POST', MESSAGES_PATH)[0]![1]?.body))).toEqual({ body: 'Thanks, on my way' });
    expect(await within(thread).findByText('Thanks, on my way')).toBeInTheDocument();
  });

  it('shows nothing for a job without a conversation (the customer starts them)', async () => {
    const { calls } = renderDay(workerJob(), { 'GET /api/chats': { body: { conversations: [OTHER_BOOKING] } } });
    const card = await jobCard();
    await waitFor(() => expect(calls('GET', '/api/chats')).toHaveLength(1), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(card).queryByRole('button', { name: MESSAGES_BUTTON })).not.toBeInTheDocument();
  });

  it('shows nothing on a finished job, without asking for the conversations', async () => {
    const { calls } = renderDay(workerJob({ status: 'completed', completedAt: new Date().toISOString() }), { 'GET /api/chats': { body: { conversations: [jobConversation()] } } });
    const card = await jobCard();
    expect(card).toHaveTextContent('Ana Lopez');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(within(card).queryByRole('button', { name: MESSAGES_BUTTON })).not.toBeInTheDocument();
    expect(calls('GET', '/api/chats')).toHaveLength(0);
  });

  it('appears live when the customer starts a conversation about the job', async () => {
    let conversations: Conversation[] = [];
    renderDay(workerJob(), { 'GET /api/chats': () => ({ body: { conversations } }) });
    const card = await jobCard();
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1), { timeout: 5_000 });
    expect(within(card).queryByRole('button', { name: MESSAGES_BUTTON })).not.toBeInTheDocument();

    conversations = [jobConversation({ unreadCount: 1 })];
    FakeEventSource.latest().emit('chat_message', { conversationId: CONVERSATION_ID, messageId: customerMessage().id, seq: 1 }, { id: '1' });
    expect(await within(card).findByRole('button', { name: MESSAGES_BUTTON })).toHaveAccessibleName(/^Messages with the customer\s*1 unread message$/);
  });

  it('goes away, without an error to retry, when the server answers 404 for the messages (job finished or reassigned)', async () => {
    let list: CannedResponse = { body: { conversations: [jobConversation()] } };
    const { calls } = renderDay(workerJob(), {
      'GET /api/chats': () => list,
      [`GET ${MESSAGES_PATH}`]: { status: 404, body: { message: 'Conversation not found', code: 'not_found' } },
    });
    const card = await jobCard();
    const toggle = await within(card).findByRole('button', { name: MESSAGES_BUTTON }, { timeout: 5_000 });

    // The server no longer lists it (the job is done); the card's list was fetched before that.
    list = { body: { conversations: [] } };
    await userEvent.click(toggle);

    await waitFor(() => expect(within(card).queryByRole('button', { name: MESSAGES_BUTTON })).not.toBeInTheDocument());
    expect(within(card).queryByRole('region', { name: 'Conversation' })).not.toBeInTheDocument();
    expect(screen.queryByText("We couldn't load the messages.")).not.toBeInTheDocument();
    // The list was read again, and the messages are not asked for over and over.
    await waitFor(() => expect(calls('GET', '/api/chats').length).toBeGreaterThanOrEqual(2));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls('GET', MESSAGES_PATH)).toHaveLength(1);
  });
});
