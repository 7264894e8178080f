// @vitest-environment jsdom
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, installFakeEventSource } from '@/web/test/fake-event-source';
import { mockApi, renderPage, SIGNED_OUT } from '@/web/test/render-route';
import { useLiveChatEvents, useLiveUpdates, type BookingChange, type LiveChatEventsOptions } from './live-updates';

const ME = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana' }, profile: null, role: 'user' };

/** A page showing the customer's bookings count, kept live. */
function LiveBookings({ onChange }: { onChange?: (change: BookingChange) => void }) {
  useLiveUpdates({ onBookingChange: onChange });
  const bookings = useQuery({
    queryKey: ['bookings', 'mine'],
    queryFn: async () => ((await (await fetch('/api/bookings')).json()) as { bookings: unknown[] }).bookings,
  });
  return <p>{bookings.data ? `${bookings.data.length} bookings` : 'loading'}</p>;
}

function apiWithGrowingList(me: unknown = ME) {
  let count = 1;
  const fetchMock = mockApi({
    'GET /api/me': { body: me },
    'GET /api/bookings': () => ({ body: { bookings: Array.from({ length: count }, (_, i) => ({ id: `b${i}` })) } }),
  });
  return {
    addBooking: () => (count += 1),
    bookingFetches: () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/bookings').length,
  };
}

describe('live updates', () => {
  beforeEach(() => {
    installFakeEventSource();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens one stream for a signed-in user and refetches the bookings on a booking event', async () => {
    const api = apiWithGrowingList();
    const onChange = vi.fn();
    renderPage(
      <>
        <LiveBookings onChange={onChange} />
        <LiveBookings />
      </>,
    );
    expect(await screen.findAllByText('1 bookings')).toHaveLength(2);
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
    const source = FakeEventSource.latest();
    expect(source.url).toBe('/api/events');
    source.open();

    api.addBooking();
    source.emitBooking({ bookingId: 'b1', type: 'assigned', status: 'confirmed' });

    expect(await screen.findAllByText('2 bookings')).toHaveLength(2);
    expect(api.bookingFetches()).toBe(2);
    expect(onChange).toHaveBeenCalledWith({ bookingId: 'b1', type: 'assigned', status: 'confirmed' });
  });

  it('stays closed while signed out', async () => {
    apiWithGrowingList(SIGNED_OUT);
    renderPage(<LiveBookings />);
    await screen.findByText('1 bookings');
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('closes the stream shortly after the last component using it goes away', async () => {
    apiWithGrowingList();
    const { unmount } = renderPage(<LiveBookings />);
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
    unmount();
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(0), { timeout: 3_000 });
  });

  it('reopens a refused stream after a pause and refreshes what it may have missed', async () => {
    const api = apiWithGrowingList();
    renderPage(<LiveBookings />);
    await screen.findByText('1 bookings');
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));

    FakeEventSource.latest().fail({ closed: true });
    expect(FakeEventSource.open()).toHaveLength(0);
    api.addBooking();

    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2), { timeout: 4_000 });
    FakeEventSource.latest().open();
    expect(await screen.findByText('2 bookings')).toBeInTheDocument();
  });
});

const CONVERSATION = '11111111-1111-4111-8111-111111111111';
const MESSAGE = '22222222-2222-4222-8222-222222222222';

/** Hears the chat events, as the chat thread and widget do. */
function ChatListener(props: LiveChatEventsOptions) {
  useLiveChatEvents(props);
  return <p>listening</p>;
}

describe('live chat events', () => {
  beforeEach(() => {
    installFakeEventSource();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('hands chat messages, receipts and typing notices to the listener, and skips malformed ones', async () => {
    apiWithGrowingList();
    const onMessage = vi.fn();
    const onReceipt = vi.fn();
    const onTyping = vi.fn();
    renderPage(<ChatListener onMessage={onMessage} onReceipt={onReceipt} onTyping={onTyping} />);
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
    const source = FakeEventSource.latest();
    source.open();

    source.emit('chat_message', { conversationId: CONVERSATION, messageId: MESSAGE, seq: 12 }, { id: '12' });
    // the SSE id is the seq when the data leaves it out
    source.emit('chat_message', { conversationId: CONVERSATION, messageId: MESSAGE }, { id: '13' });
    source.emit('chat_message', { conversationId: CONVERSATION, seq: 14 });
    source.emit('chat_receipt', { conversationId: CONVERSATION, side: 'team', deliveredSeq: 12, readSeq: 11 });
    source.emit('chat_receipt', { conversationId: CONVERSATION, side: 'nobody', deliveredSeq: 1, readSeq: 1 });
    source.emit('chat_typing', { conversationId: CONVERSATION, senderRole: 'admin', senderName: 'Maria' });
    source.emit('chat_typing', { conversationId: CONVERSATION, senderRole: 'robot', senderName: 'X' });

    expect(onMessage.mock.calls.map(([notice]) => notice)).toEqual([
      { conversationId: CONVERSATION, messageId: MESSAGE, seq: 12 },
      { conversationId: CONVERSATION, messageId: MESSAGE, seq: 13 },
    ]);
    expect(onReceipt).toHaveBeenCalledTimes(1);
    expect(onReceipt).toHaveBeenCalledWith({ conversationId: CONVERSATION, side: 'team', deliveredSeq: 12, readSeq: 11 });
    expect(onTyping).toHaveBeenCalledTimes(1);
    expect(onTyping).toHaveBeenCalledWith({ conversationId: CONVERSATION, senderRole: 'admin', senderName: 'Maria' });
  });

  it('says when the stream is back after a break, so the thread refetches after its last seq', async () => {
    apiWithGrowingList();
    const onReconnect = vi.fn();
    renderPage(<ChatListener onReconnect={onReconnect} />);
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
    const source = FakeEventSource.latest();
    source.open();
    expect(onReconnect).not.toHaveBeenCalled();

    source.fail();
    source.open();
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('opens no stream while not enabled (a visitor without a conversation)', async () => {
    apiWithGrowingList(SIGNED_OUT);
    renderPage(<ChatListener enabled={false} />);
    await screen.findByText('listening');
    expect(FakeEventSource.instances).toHaveLength(0);
  });
});
