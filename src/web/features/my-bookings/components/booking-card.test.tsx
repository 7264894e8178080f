// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetChatWidget, useChatWidget } from '@/web/lib/chat-widget';
import { mockApi, renderPage } from '@/web/test/render-route';
import { booking, ME } from '../testing/bookings';
import { BookingCard } from './booking-card';

/** Stands in for the chat widget: shows what it was asked to open. */
function WidgetProbe() {
  const widget = useChatWidget();
  return <p>{widget.isOpen ? `chat open about ${widget.request.bookingId ?? 'nothing'}` : 'chat closed'}</p>;
}

describe('BookingCard', () => {
  afterEach(() => {
    resetChatWidget();
    vi.unstubAllGlobals();
  });

  it('opens the chat on the conversation about this booking', async () => {
    mockApi({ 'GET /api/me': { body: ME } });
    const item = booking({ status: 'completed', canCancel: false, canReschedule: false });
    renderPage(
      <>
        <BookingCard booking={item} />
        <WidgetProbe />
      </>,
    );
    expect(screen.getByText('chat closed')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Message us about this booking' }));

    expect(screen.getByText(`chat open about ${item.id}`)).toBeInTheDocument();
  });
});
