// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, installFakeEventSource } from '@/web/test/fake-event-source';
import { mockApi, renderPage, SIGNED_OUT, type ApiTable } from '@/web/test/render-route';
import { ADMIN_ME, BOOKING_ID, CONVERSATION_ID, CUSTOMER_ME, cannedReply, chatMessage, conversation, guestConversation } from '../testing/admin-fixtures';
import { Component as AdminChatsPage } from './admin-chats-page';

vi.mock('@/web/lib/new-booking-chime', () => ({ playChime: vi.fn(), unlockChime: vi.fn() }));

// The message list and composer are their own component (tested on their own): a stand-in with a
// textarea shows what the page hands it, and what the canned reply picker inserts.
vi.mock('@/web/features/chats/components/thread/chat-thread', async () => {
  const { useState } = await import('react');
  return {
    ChatThread: ({ conversationId, side, canWriteNotes, composerTools }: { conversationId: string; side: string; canWriteNotes?: boolean; composerTools?: (insert: (text: string) => void) => React.ReactNode }) => {
      const [text, setText] = useState('');
      return (
        <div data-testid="thread" data-conversation={conversationId} data-side={side} data-notes={String(Boolean(canWriteNotes))}>
          <label>
            Message
            <textarea value={text} onChange={(event) => setText(event.target.value)} />
          </label>
          {composerTools?.((inserted) => setText((current) => current + inserted))}
        </div>
      );
    },
  };
});

function renderInbox(table: ApiTable, path = '/admin/chats') {
  const fetchMock = mockApi({ 'GET /api/me': { body: ADMIN_ME }, ...table });
  const result = renderPage(<AdminChatsPage />, { path, routePath: '/admin/chats' });
  const calls = (method: string, pathname: string) =>
    fetchMock.mock.calls
      .filter(([url, init]) => new URL(String(url), 'http://localhost').pathname === pathname && (init?.method ?? 'GET') === method)
      .map(([url, init]) => ({ url: new URL(String(url), 'http://localhost'), body: init?.body ? JSON.parse(String(init.body)) : undefined }));
  return { ...result, calls };
}

/** Answers the inbox per filter. */
const inbox = (lists: Partial<Record<'open' | 'mine' | 'closed', ReturnType<typeof conversation>[]>>) => (_init: RequestInit | undefined, url: URL) => ({
  body: { conversations: lists[(url.searchParams.get('filter') ?? 'open') as 'open'] ?? [] },
});

const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('article') as HTMLElement;

describe('the admin chats inbox', () => {
  beforeEach(() => {
    installFakeEventSource();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows each conversation: customer, guest contact, booking link, last message, unread count, assignee', async () => {
    renderInbox({
      'GET /api/admin/chats': inbox({
        open: [
          conversation({ assignedAdmin: { id: 'a2', name: 'Sam Admin' } }),
          guestConversation({ lastMessage: chatMessage({ id: '77777777-7777-4777-8777-777777777777', internal: true, senderRole: 'admin', senderId: 'a1', body: 'Called him, no answer' }) }),
        ],
      }),
    });

    const ana = await rowOf('Ana Lopez');
    expect(within(ana).getByRole('link', { name: 'TB-7K3M9Q' })).toHaveAttribute('href', `/admin/bookings/${BOOKING_ID}`);
    expect(ana).toHaveTextContent('Can the technician come before noon?');
    expect(within(ana).getByText('2 unread messages')).toBeInTheDocument();
    expect(ana).toHaveTextContent('Assigned to Sam Admin');
    expect(ana).not.toHaveTextContent('Guest');

    const luis = await rowOf('Luis Pérez');
    expect(luis).toHaveTextContent('Guest');
    expect(luis).toHaveTextContent('luis@example.com · +18135550188');
    expect(luis).toHaveTextContent('Unassigned');
    // An admin's internal note is marked as one.
    expect(within(luis).getByText('Note')).toBeInTheDocument();
    expect(luis).toHaveTextContent('Called him, no answer');
  });

  it('colours the wait against the 5-10 minute promise: neutral at 4, amber at 5, red at 10', async () => {
    renderInbox({
      'GET /api/admin/chats': inbox({
        open: [
          conversation({ id: 'c0000000-0000-4000-8000-000000000004', customer: { id: 'u4', name: 'Four', email: null }, waitingMinutes: 4 }),
          conversation({ id: 'c0000000-0000-4000-8000-000000000005', customer: { id: 'u5', name: 'Five', email: null }, waitingMinutes: 5 }),
          conversation({ id: 'c0000000-0000-4000-8000-000000000010', customer: { id: 'u10', name: 'Ten', email: null }, waitingMinutes: 10 }),
          conversation({ id: 'c0000000-0000-4000-8000-000000000099', customer: { id: 'u9', name: 'Answered', email: null }, waitingMinutes: null }),
        ],
      }),
    });

    const waiting = async (name: string) => within(await rowOf(name)).getByText(/^Waiting/);
    const four = await waiting('Four');
    expect(four).toHaveTextContent('Waiting 4 min');
    expect(four).toHaveAttribute('data-urgency', 'ok');
    expect(four.className).not.toMatch(/amber|red/);

    const five = await waiting('Five');
    expect(five).toHaveTextContent('Waiting 5 min — answer now');
    expect(five.className).toMatch(/amber/);

    const ten = await waiting('Ten');
    expect(ten).toHaveTextContent('Waiting 10 min — over the 10 minute promise');
    expect(ten.className).toMatch(/red/);

    expect(within(await rowOf('Answered')).queryByText(/^Waiting/)).not.toBeInTheDocument();
  });

  it('follows the promise saved in the settings', async () => {
    renderInbox({
      'GET /api/settings/public': { body: { services: [], contactPromiseMinutes: { min: 2, max: 3 } } },
      'GET /api/admin/chats': inbox({ open: [conversation({ waitingMinutes: 3 })] }),
    });
    await waitFor(async () => expect(within(await rowOf('Ana Lopez')).getByText(/^Waiting/)).toHaveAttribute('data-urgency', 'late'));
  });

  it('ticks on: 4 minutes turn amber a minute later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The server counts from the message's time, so the minute's refetch answers on the same clock.
    const since = Date.now() - 4 * 60_000 - 5_000;
    renderInbox({ 'GET /api/admin/chats': () => ({ body: { conversations: [conversation({ waitingMinutes: Math.floor((Date.now() - since) / 60_000) })] } }) });
    const badge = within(await rowOf('Ana Lopez')).getByText(/^Waiting/);
    expect(badge).toHaveAttribute('data-urgency', 'ok');

    act(() => vi.advanceTimersByTime(30_000));
    expect(within(await rowOf('Ana Lopez')).getByText(/^Waiting/)).toHaveTextContent('Waiting 4 min');
    act(() => vi.advanceTimersByTime(30_000));
    const later = within(await rowOf('Ana Lopez')).getByText(/^Waiting/);
    expect(later).toHaveTextContent('Waiting 5 min — answer now');
    expect(later).toHaveAttribute('data-urgency', 'soon');
  });

  it('switches between Open, Mine and Closed, kept in the address', async () => {
    const { calls } = renderInbox({ 'GET /api/admin/chats': inbox({ open: [conversation()], closed: [] }) });
    await rowOf('Ana Lopez');
    expect(screen.getByRole('link', { name: 'Open' })).toHaveAttribute('aria-current', 'page');
    expect(calls('GET', '/api/admin/chats')[0].url.searchParams.get('filter')).toBe('open');

    await userEvent.click(screen.getByRole('link', { name: 'Mine' }));
    expect(await screen.findByText('No open conversations are assigned to you.')).toBeInTheDocument();
    expect(calls('GET', '/api/admin/chats').some((call) => call.url.searchParams.get('filter') === 'mine')).toBe(true);
    expect(screen.getByRole('link', { name: 'Mine' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('link', { name: 'Closed' }));
    expect(await screen.findByText('No closed conversations.')).toBeInTheDocument();
  });

  it('moves between conversations with the arrow keys', async () => {
    renderInbox({ 'GET /api/admin/chats': inbox({ open: [conversation(), guestConversation()] }) });
    const first = await screen.findByRole('link', { name: 'Ana Lopez' });
    first.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Luis Pérez' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Luis Pérez' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(first).toHaveFocus();
  });

  it('says when nothing is open, and offers a retry when the inbox fails to load', async () => {
    let fail = true;
    renderInbox({
      'GET /api/admin/chats': () => (fail ? { status: 500, body: { message: 'Something went wrong on our side.', code: 'internal' } } : { body: { conversations: [] } }),
    });
    expect(await screen.findByText("We couldn't load the conversations.")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No open conversations.')).toBeInTheDocument();
  });

  it('opens a conversation from its row, with the contact links, the booking and the team thread', async () => {
    const { router } = renderInbox({ 'GET /api/admin/chats': inbox({ open: [conversation(), guestConversation()] }) });
    expect(await screen.findByText('Choose a conversation to read it and answer.')).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('link', { name: 'Ana Lopez' }));
    expect(router.state.location.search).toBe(`?c=${CONVERSATION_ID}`);
    const panel = screen.getByRole('region', { name: 'Conversation' });
    expect(within(panel).getByRole('heading', { name: 'Ana Lopez' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: /\(813\) 555-0123/ })).toHaveAttribute('href', 'tel:+18135550123');
    expect(within(panel).getByRole('link', { name: /ana@example.com/ })).toHaveAttribute('href', 'mailto:ana@example.com');
    expect(within(panel).getByRole('link', { name: 'Booking TB-7K3M9Q' })).toHaveAttribute('href', `/admin/bookings/${BOOKING_ID}`);
    const thread = within(panel).getByTestId('thread');
    expect(thread).toHaveAttribute('data-conversation', CONVERSATION_ID);
    expect(thread).toHaveAttribute('data-side', 'team');
    expect(thread).toHaveAttribute('data-notes', 'true');
    expect(screen.getByRole('link', { name: 'Ana Lopez' })).toHaveAttribute('aria-current', 'true');

    // The phone layout's Back link returns to the list.
    await userEvent.click(within(panel).getByRole('link', { name: 'Back to conversations' }));
    expect(router.state.location.search).toBe('');
  });

  it('opens the conversation named by ?c= (an alert email link), also a closed one', async () => {
    const closed = conversation({ status: 'closed', waitingMinutes: null, unreadCount: 0 });
    renderInbox({ 'GET /api/admin/chats': inbox({ open: [guestConversation()], closed: [closed] }) }, `/admin/chats?c=${CONVERSATION_ID}`);
    const panel = await screen.findByRole('region', { name: 'Conversation' });
    expect(await within(panel).findByRole('heading', { name: /Ana Lopez/ })).toHaveTextContent('Closed');
    expect(within(panel).getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
  });

  it('says so when ?c= names no conversation', async () => {
    renderInbox({ 'GET /api/admin/chats': inbox({ open: [], closed: [] }) }, '/admin/chats?c=99999999-9999-4999-8999-999999999999');
    expect(await screen.findByText("We couldn't find this conversation.")).toBeInTheDocument();
  });

  it('assigns the conversation to me, unassigns it, closes and reopens it', async () => {
    let current = conversation();
    const { calls } = renderInbox(
      {
        'GET /api/admin/chats': (_init, url) => ({ body: { conversations: url.searchParams.get('filter') === 'closed' ? [] : [current] } }),
        [`POST /api/admin/chats/${CONVERSATION_ID}/assign`]: (init) => {
          const { adminId } = JSON.parse(String(init?.body)) as { adminId: string | null };
          current = { ...current, assignedAdmin: adminId ? { id: adminId, name: 'Dana Admin' } : null };
          return { body: current };
        },
        [`POST /api/admin/chats/${CONVERSATION_ID}/close`]: () => {
          current = { ...current, status: 'closed' };
          return { body: current };
        },
        [`POST /api/admin/chats/${CONVERSATION_ID}/reopen`]: () => {
          current = { ...current, status: 'open' };
          return { body: current };
        },
      },
      `/admin/chats?c=${CONVERSATION_ID}`,
    );
    const panel = await screen.findByRole('region', { name: 'Conversation' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Assign to me' }));
    expect(await within(panel).findByText('Assigned to you')).toBeInTheDocument();
    expect(calls('POST', `/api/admin/chats/${CONVERSATION_ID}/assign`)[0].body).toEqual({ adminId: 'a1' });
    expect(within(panel).queryByRole('button', { name: 'Assign to me' })).not.toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Unassign' }));
    expect(await within(panel).findByText('Unassigned')).toBeInTheDocument();
    expect(calls('POST', `/api/admin/chats/${CONVERSATION_ID}/assign`)[1].body).toEqual({ adminId: null });

    await userEvent.click(within(panel).getByRole('button', { name: 'Close conversation' }));
    expect(await within(panel).findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(calls('POST', `/api/admin/chats/${CONVERSATION_ID}/close`)).toHaveLength(1);
    expect(await screen.findByText('The conversation with Ana Lopez is closed.')).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Reopen' }));
    expect(await within(panel).findByRole('button', { name: 'Close conversation' })).toBeInTheDocument();
    expect(calls('POST', `/api/admin/chats/${CONVERSATION_ID}/reopen`)).toHaveLength(1);
  });

  it('refreshes the list when a message arrives live', async () => {
    let conversations = [conversation({ unreadCount: 1 })];
    renderInbox({ 'GET /api/admin/chats': () => ({ body: { conversations } }) });
    await rowOf('Ana Lopez');
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));

    conversations = [conversation({ unreadCount: 2, lastMessage: chatMessage({ seq: 4, id: '88888888-8888-4888-8888-888888888888', body: 'Hello again?' }) })];
    FakeEventSource.latest().emit('chat_message', { conversationId: CONVERSATION_ID, messageId: '88888888-8888-4888-8888-888888888888', seq: 4 });
    expect(await screen.findByText('Hello again?')).toBeInTheDocument();
    expect(screen.getByText('2 unread messages')).toBeInTheDocument();
  });

  it('inserts a canned reply in the conversation’s language: Spanish for a Spanish-speaking guest', async () => {
    const spanish = guestConversation();
    renderInbox(
      {
        'GET /api/admin/chats': inbox({ open: [conversation(), spanish] }),
        'GET /api/admin/chat-replies': { body: { replies: [cannedReply(), cannedReply({ id: '99999999-0000-4000-8000-000000000001', title: 'Photos please', bodyEn: 'Could you send a photo?', bodyEs: '¿Puede enviar una foto?' })] } },
      },
      `/admin/chats?c=${spanish.id}`,
    );
    const panel = await screen.findByRole('region', { name: 'Conversation' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Canned replies' }));
    expect(await within(panel).findByText('Inserts the Spanish text.')).toBeInTheDocument();
    await userEvent.type(within(panel).getByRole('searchbox', { name: 'Search canned replies' }), 'photo');
    expect(within(panel).queryByRole('button', { name: /On our way/ })).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: /Photos please/ }));

    expect(within(panel).getByRole('textbox', { name: 'Message' })).toHaveValue('¿Puede enviar una foto?');
    expect(within(panel).queryByRole('searchbox', { name: 'Search canned replies' })).not.toBeInTheDocument();
  });

  it('inserts the English text for an English-speaking customer', async () => {
    renderInbox(
      { 'GET /api/admin/chats': inbox({ open: [conversation()] }), 'GET /api/admin/chat-replies': { body: { replies: [cannedReply()] } } },
      `/admin/chats?c=${CONVERSATION_ID}`,
    );
    const panel = await screen.findByRole('region', { name: 'Conversation' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Canned replies' }));
    await userEvent.click(await within(panel).findByRole('button', { name: /On our way/ }));
    expect(within(panel).getByRole('textbox', { name: 'Message' })).toHaveValue('Your technician is on the way.');
  });

  it('manages canned replies: the server’s field errors show under each field, then the reply is added', async () => {
    let replies = [cannedReply()];
    let refuse = true;
    const { calls } = renderInbox({
      'GET /api/admin/chats': inbox({ open: [] }),
      'GET /api/admin/chat-replies': () => ({ body: { replies } }),
      'POST /api/admin/chat-replies': (init) => {
        if (refuse) {
          refuse = false;
          return { status: 400, body: { message: 'Please check the highlighted fields.', code: 'validation_failed', details: { title: 'A reply with this title already exists.' } } };
        }
        const input = JSON.parse(String(init?.body)) as { title: string; bodyEn: string; bodyEs: string };
        const saved = cannedReply({ ...input, id: '99999999-0000-4000-8000-000000000002' });
        replies = [...replies, saved];
        return { status: 201, body: saved };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Canned replies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Canned replies' });
    expect(await within(dialog).findByRole('heading', { name: 'On our way' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a reply' }));
    // Checked before sending, with the API's own rules.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save reply' }));
    expect(await within(dialog).findByText('Please give the reply a title.')).toBeInTheDocument();
    expect(calls('POST', '/api/admin/chat-replies')).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'On our way');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'English text' }), 'We are coming.');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Spanish text' }), 'Vamos para allá.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save reply' }));
    expect(await within(dialog).findByText('A reply with this title already exists.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Title' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Coming now');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save reply' }));
    expect(await within(dialog).findByRole('heading', { name: 'Coming now' })).toBeInTheDocument();
    expect(calls('POST', '/api/admin/chat-replies').at(-1)!.body).toEqual({ title: 'Coming now', bodyEn: 'We are coming.', bodyEs: 'Vamos para allá.' });
  });

  it('edits and deletes a canned reply, asking before deleting', async () => {
    let replies = [cannedReply()];
    const id = cannedReply().id;
    const { calls } = renderInbox({
      'GET /api/admin/chats': inbox({ open: [] }),
      'GET /api/admin/chat-replies': () => ({ body: { replies } }),
      [`PUT /api/admin/chat-replies/${id}`]: (init) => {
        replies = [{ ...replies[0], ...(JSON.parse(String(init?.body)) as object) }];
        return { body: replies[0] };
      },
      [`DELETE /api/admin/chat-replies/${id}`]: () => {
        replies = [];
        return { status: 200, body: {} };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Canned replies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Canned replies' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /^Edit\s*On our way$/ }));
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('On our way');
    await userEvent.clear(title);
    await userEvent.type(title, 'Technician on the way');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save reply' }));
    expect(await within(dialog).findByRole('heading', { name: 'Technician on the way' })).toBeInTheDocument();
    expect(calls('PUT', `/api/admin/chat-replies/${id}`)[0].body).toEqual({ title: 'Technician on the way', bodyEn: 'Your technician is on the way.', bodyEs: 'Su técnico va en camino.' });

    await userEvent.click(within(dialog).getByRole('button', { name: /^Delete\s*Technician on the way$/ }));
    expect(within(dialog).getByText('Delete “Technician on the way”? Admins will no longer be able to insert it.')).toBeInTheDocument();
    expect(calls('DELETE', `/api/admin/chat-replies/${id}`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    expect(await within(dialog).findByText('No canned replies yet.')).toBeInTheDocument();
    expect(calls('DELETE', `/api/admin/chat-replies/${id}`)).toHaveLength(1);
  });

  it('asks for desktop notification permission only when the button is pressed', async () => {
    const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
    vi.stubGlobal('Notification', Object.assign(vi.fn(), { permission: 'default', requestPermission }));
    renderInbox({ 'GET /api/admin/chats': inbox({ open: [] }) });
    const button = await screen.findByRole('button', { name: 'Turn on desktop notifications' });
    expect(requestPermission).not.toHaveBeenCalled();
    await userEvent.click(button);
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Desktop notifications are on.')).toBeInTheDocument();
  });

  it('tells a customer the inbox is for admins, without asking for conversations', async () => {
    const { calls } = renderInbox({ 'GET /api/me': { body: CUSTOMER_ME } });
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(calls('GET', '/api/admin/chats')).toHaveLength(0);
  });

  it('asks a signed-out visitor to sign in and come back to the conversation', async () => {
    renderInbox({ 'GET /api/me': { body: SIGNED_OUT } }, `/admin/chats?c=${CONVERSATION_ID}`);
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', `/auth?redirect=${encodeURIComponent(`/admin/chats?c=${CONVERSATION_ID}`)}`);
  });
});
