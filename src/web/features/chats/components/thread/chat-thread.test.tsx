// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@/domain/chats-contract';
import { FakeEventSource, installFakeEventSource } from '@/web/test/fake-event-source';
import { mockApi, renderPage, type ApiTable } from '@/web/test/render-route';
import { ChatThread } from './chat-thread';

const CONVERSATION = '11111111-1111-4111-8111-111111111111';
const CUSTOMER = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana' }, profile: null, role: 'user' };
const ADMIN = { user: { id: 'a1', email: 'boss@example.com', name: 'Maria' }, profile: null, role: 'admin' };
const MESSAGES_PATH = `/api/chats/${CONVERSATION}/messages`;

let nextSeq = 1;
function message(overrides: Partial<ChatMessage>): ChatMessage {
  const seq = overrides.seq ?? nextSeq++;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    conversationId: CONVERSATION,
    seq,
    senderId: 'u1',
    senderRole: 'customer',
    senderName: 'Ana',
    body: 'Hello',
    attachment: null,
    internal: false,
    createdAt: '2026-11-23T15:00:00.000Z',
    ...overrides,
  };
}

function renderThread(props: Partial<Parameters<typeof ChatThread>[0]> = {}) {
  return renderPage(<ChatThread conversationId={CONVERSATION} side="customer" {...props} />);
}

const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => new URL(String(url), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method);

describe('ChatThread', () => {
  beforeEach(() => {
    nextSeq = 1;
    installFakeEventSource();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function api(messages: ChatMessage[], extra: ApiTable = {}, me: unknown = CUSTOMER, receipts = { deliveredSeq: 2, readSeq: 1 }) {
    return mockApi({
      'GET /api/me': { body: me },
      [`GET ${MESSAGES_PATH}`]: (_init, url) => {
        const after = Number(url.searchParams.get('after') ?? 0);
        return { body: { messages: messages.filter((item) => item.seq > after), receipts } };
      },
      [`POST /api/chats/${CONVERSATION}/read`]: { body: { conversationId: CONVERSATION, lastReadSeq: 3, unreadCount: 0 } },
      [`POST /api/chats/${CONVERSATION}/typing`]: { status: 204, body: null },
      ...extra,
    });
  }

  it('shows the messages oldest first with clickable links, HTML as text, authors and receipts, and marks them read', async () => {
    const fetchMock = api([
      message({ seq: 1, body: 'My TV is 65 inches' }),
      message({ seq: 2, body: 'Second question <b>bold</b>' }),
      message({ seq: 3, senderId: 'a1', senderRole: 'admin', senderName: 'Maria', body: 'See https://example.com/guide for details' }),
    ]);
    renderThread();

    const list = await screen.findByRole('list', { name: 'Messages' });
    const items = within(list).getAllByRole('listitem').filter((item) => !within(item).queryByRole('heading'));
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('My TV is 65 inches'),
      expect.stringContaining('Second question'),
      expect.stringContaining('See https://example.com/guide'),
    ]);
    expect(screen.getByText('Second question <b>bold</b>')).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
    const link = screen.getByRole('link', { name: 'https://example.com/guide' });
    expect(link).toHaveAttribute('href', 'https://example.com/guide');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(items[0]!).getByText('You')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Maria · Support team')).toBeInTheDocument();
    // receipts: seq 1 read (readSeq 1), seq 2 delivered (deliveredSeq 2); none on the team's message
    expect(within(items[0]!).getByText('Read')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Delivered')).toBeInTheDocument();
    expect(within(items[2]!).queryByText(/Read|Delivered|Sent/)).toBeNull();

    await waitFor(() => expect(calls(fetchMock, 'POST', `/api/chats/${CONVERSATION}/read`)).toHaveLength(1));
    expect(JSON.parse(String(calls(fetchMock, 'POST', `/api/chats/${CONVERSATION}/read`)[0]![1]!.body))).toEqual({ seq: 3 });
  });

  it('moves receipts and shows new messages and the typing line from live events', async () => {
    const messages = [message({ seq: 1, body: 'Is anyone there?' })];
    api(messages);
    renderThread();
    await screen.findByText('Is anyone there?');
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
    const source = FakeEventSource.latest();
    source.open();

    source.emit('chat_receipt', { conversationId: CONVERSATION, side: 'team', deliveredSeq: 1, readSeq: 1 });
    expect(await screen.findByText('Read')).toBeInTheDocument();

    source.emit('chat_typing', { conversationId: CONVERSATION, senderRole: 'admin', senderName: 'Maria' });
    expect(await screen.findByText('Maria is typing...')).toBeInTheDocument();
    // another conversation's typing shows nothing here
    source.emit('chat_typing', { conversationId: '22222222-2222-4222-8222-222222222222', senderRole: 'admin', senderName: 'Luis' });
    expect(screen.queryByText('Luis is typing...')).toBeNull();

    messages.push(message({ seq: 2, senderId: 'a1', senderRole: 'admin', senderName: 'Maria', body: 'Yes, how can we help?' }));
    source.emit('chat_message', { conversationId: CONVERSATION, messageId: messages[1]!.id, seq: 2 });
    expect(await screen.findByText('Yes, how can we help?')).toBeInTheDocument();
    // her message replaces her typing line
    await waitFor(() => expect(screen.queryByText('Maria is typing...')).toBeNull());
  });

  it('hides the typing line after a few seconds without a new notice', async () => {
    api([message({ seq: 1 })]);
    renderThread();
    await screen.findByText('Hello');
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    FakeEventSource.latest().emit('chat_typing', { conversationId: CONVERSATION, senderRole: 'admin', senderName: null });
    expect(screen.getByText('Our team is typing...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.getByText('Our team is typing...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(screen.queryByText('Our team is typing...')).toBeNull();
  });

  it('refetches what came after the last seq when the stream reconnects', async () => {
    const messages = [message({ seq: 1, body: 'Before the restart' })];
    const fetchMock = api(messages);
    renderThread();
    await screen.findByText('Before the restart');
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
    const source = FakeEventSource.latest();
    source.open();
    source.fail();
    messages.push(message({ seq: 2, senderRole: 'admin', senderId: 'a1', senderName: 'Maria', body: 'Sent while you were away' }));
    source.open();

    expect(await screen.findByText('Sent while you were away')).toBeInTheDocument();
    const afters = calls(fetchMock, 'GET', MESSAGES_PATH).map(([url]) => new URL(String(url), 'http://localhost').searchParams.get('after'));
    expect(afters).toEqual(['0', '1']);
  });

  it('says how fast we answer when there are no messages yet', async () => {
    api([]);
    renderThread();
    expect(await screen.findByText('Send us a message — we answer within 5-10 minutes.')).toBeInTheDocument();
  });

  it('shows an error with Try again when the messages cannot load', async () => {
    mockApi({ 'GET /api/me': { body: CUSTOMER }, [`GET ${MESSAGES_PATH}`]: { status: 500, body: { message: 'Boom', code: 'internal' } } });
    renderThread();
    expect(await screen.findByText("We couldn't load the messages.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('sends with Enter, shows "Sending...", and retries a failed send with the same Idempotency-Key', async () => {
    let attempts = 0;
    const fetchMock = api([], {
      [`POST ${MESSAGES_PATH}`]: (init) => {
        attempts += 1;
        if (attempts === 1) return { status: 503, body: { message: 'Service unavailable', code: 'unavailable' } };
        const sent = JSON.parse(String(init?.body)) as { body: string };
        return { status: 201, body: message({ seq: 1, body: sent.body }) };
      },
    }, CUSTOMER, { deliveredSeq: 0, readSeq: 0 });
    renderThread();
    const box = await screen.findByRole('textbox', { name: 'Message' });

    await userEvent.type(box, 'Can you come at 3?{Shift>}{Enter}{/Shift}Thanks');
    expect(box).toHaveValue('Can you come at 3?\nThanks');
    await userEvent.type(box, '{Enter}');
    expect(box).toHaveValue('');

    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByText('Service unavailable')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText(/Can you come at 3\?/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull());
    const sends = calls(fetchMock, 'POST', MESSAGES_PATH);
    expect(sends).toHaveLength(2);
    const keys = sends.map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(JSON.parse(String(sends[0]![1]!.body))).toEqual({ body: 'Can you come at 3?\nThanks' });
    expect(screen.getByText('Sent')).toBeInTheDocument();
  });

  it('gives each new message its own Idempotency-Key', async () => {
    let seq = 0;
    const fetchMock = api([], {
      [`POST ${MESSAGES_PATH}`]: (init) => ({ status: 201, body: message({ seq: ++seq, body: (JSON.parse(String(init?.body)) as { body: string }).body }) }),
    });
    renderThread();
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'One{Enter}');
    await screen.findByText('One');
    await userEvent.type(box, 'Two{Enter}');
    await screen.findByText('Two');
    const keys = calls(fetchMock, 'POST', MESSAGES_PATH).map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(new Set(keys).size).toBe(2);
  });

  it('counts down the characters near the limit and refuses a message that is too long', async () => {
    api([]);
    renderThread();
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.click(box);
    await userEvent.paste('x'.repeat(1990));
    expect(screen.getByText('10 characters left')).toBeInTheDocument();
    await userEvent.paste('y'.repeat(20));
    expect(screen.getByText('A message can be at most 2,000 characters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('refuses a photo over 10 MB before uploading it', async () => {
    const fetchMock = api([]);
    renderThread();
    await screen.findByRole('textbox', { name: 'Message' });
    const big = new File(['x'], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, big);
    expect(await screen.findByText('This photo is too large: at most 10 MB.')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/uploads')).toHaveLength(0);
  });

  it('uploads a photo and sends it as the attachment', async () => {
    const PHOTO = '33333333-3333-4333-8333-333333333333';
    const fetchMock = api([], {
      'POST /api/uploads': { status: 201, body: { id: PHOTO, contentType: 'image/jpeg', sizeBytes: 1000 } },
      [`POST ${MESSAGES_PATH}`]: { status: 201, body: message({ seq: 1, body: '', attachment: { id: PHOTO, url: `/api/chats/${CONVERSATION}/attachments/${PHOTO}`, contentType: 'image/jpeg' } }) },
    });
    renderThread();
    await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['jpeg'], 'sofa.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    const photoLink = await screen.findByRole('link', { name: /Open the photo full size/ });
    expect(photoLink).toHaveAttribute('href', `/api/chats/${CONVERSATION}/attachments/${PHOTO}`);
    expect(JSON.parse(String(calls(fetchMock, 'POST', MESSAGES_PATH)[0]![1]!.body))).toEqual({ attachmentId: PHOTO });
  });

  it('tells the other side someone is typing, but never while an internal note is on', async () => {
    const fetchMock = api(
      [message({ seq: 1, body: 'Hi' }), message({ seq: 2, senderId: 'a2', senderRole: 'admin', senderName: 'Luis', body: 'Check the booking first', internal: true })],
      { [`POST ${MESSAGES_PATH}`]: (init) => ({ status: 201, body: message({ seq: 3, senderId: 'a1', senderRole: 'admin', senderName: 'Maria', internal: true, body: (JSON.parse(String(init?.body)) as { body: string }).body }) }) },
      ADMIN,
    );
    renderThread({ side: 'team', canWriteNotes: true });
    await screen.findByText('Check the booking first');
    expect(screen.getAllByText('Internal note').length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Internal note' }));
    const noteBox = screen.getByRole('textbox', { name: 'Internal note' });
    await userEvent.type(noteBox, 'Customer prefers mornings{Enter}');
    expect(calls(fetchMock, 'POST', `/api/chats/${CONVERSATION}/typing`)).toHaveLength(0);
    await waitFor(() => expect(calls(fetchMock, 'POST', MESSAGES_PATH)).toHaveLength(1));
    expect(JSON.parse(String(calls(fetchMock, 'POST', MESSAGES_PATH)[0]![1]!.body))).toEqual({ body: 'Customer prefers mornings', internal: true });

    await userEvent.click(screen.getByRole('checkbox', { name: 'Internal note' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'On my way');
    // throttled: one notice for the whole burst of keystrokes
    expect(calls(fetchMock, 'POST', `/api/chats/${CONVERSATION}/typing`)).toHaveLength(1);
  });

  it('never shows internal notes on the customer side', async () => {
    api([message({ seq: 1, body: 'Visible' }), message({ seq: 2, senderRole: 'admin', senderId: 'a1', internal: true, body: 'Secret note' })]);
    renderThread();
    await screen.findByText('Visible');
    expect(screen.queryByText('Secret note')).toBeNull();
  });

  it('inserts text from the composer tools at the cursor', async () => {
    api([], {}, ADMIN);
    renderThread({
      side: 'team',
      composerTools: (insert) => (
        <button type="button" onClick={() => insert('Thanks for waiting!')}>
          Canned
        </button>
      ),
    });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.click(screen.getByRole('button', { name: 'Canned' }));
    expect(box).toHaveValue('Thanks for waiting!');
  });

  it('shows a message as "Sending..." until the server answers', async () => {
    const fetchMock = api([]);
    renderThread();
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Hi there');
    fetchMock.mockImplementationOnce(() => new Promise<Response>(() => {}));
    await userEvent.type(box, '{Enter}');
    expect(await screen.findByText('Sending...')).toBeInTheDocument();
    expect(screen.getByText('Hi there')).toBeInTheDocument();
  });

  it('starts afresh when another conversation is shown (no draft carries over)', async () => {
    const OTHER = '44444444-4444-4444-8444-444444444444';
    api([message({ seq: 1, body: 'First customer' })], {
      [`GET /api/chats/${OTHER}/messages`]: { body: { messages: [message({ seq: 1, conversationId: OTHER, id: '55555555-5555-4555-8555-555555555555', body: 'Second customer' })], receipts: { deliveredSeq: 0, readSeq: 0 } } },
    }, ADMIN);
    function Switcher() {
      const [id, setId] = useState(CONVERSATION);
      return (
        <>
          <button type="button" onClick={() => setId(OTHER)}>
            Next conversation
          </button>
          <ChatThread conversationId={id} side="team" />
        </>
      );
    }
    renderPage(<Switcher />);
    await screen.findByText('First customer');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Half-written answer');

    await userEvent.click(screen.getByRole('button', { name: 'Next conversation' }));

    expect(await screen.findByText('Second customer')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  });

  it('groups the messages by Tampa day', async () => {
    api([
      // 10:30 PM on Friday Nov 21 in Tampa, though already Nov 22 in UTC
      message({ seq: 1, body: 'Late question', createdAt: '2025-11-22T03:30:00.000Z' }),
      message({ seq: 2, senderId: 'a1', senderRole: 'admin', senderName: 'Maria', body: 'Morning answer', createdAt: '2025-11-22T14:00:00.000Z' }),
    ]);
    renderThread();
    await screen.findByText('Morning answer');
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['November 21, 2025', 'November 22, 2025']);
    expect(screen.getByText('10:30 PM')).toBeInTheDocument();
  });

  it('waits for the tab to be visible before marking the messages read', async () => {
    let visibility: DocumentVisibilityState = 'hidden';
    const spy = vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    try {
      const fetchMock = api([message({ seq: 1, senderId: 'a1', senderRole: 'admin', senderName: 'Maria', body: 'Your technician is on the way' })]);
      renderThread();
      await screen.findByText('Your technician is on the way');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(calls(fetchMock, 'POST', `/api/chats/${CONVERSATION}/read`)).toHaveLength(0);

      visibility = 'visible';
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await waitFor(() => expect(calls(fetchMock, 'POST', `/api/chats/${CONVERSATION}/read`)).toHaveLength(1));
      expect(JSON.parse(String(calls(fetchMock, 'POST', `/api/chats/${CONVERSATION}/read`)[0]![1]!.body))).toEqual({ seq: 1 });
    } finally {
      spy.mockRestore();
    }
  });
});

