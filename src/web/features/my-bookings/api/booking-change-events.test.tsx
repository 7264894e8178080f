// @vitest-environment jsdom
/** Issue #11: a cancellation and a reschedule from My Bookings are analytics events (booking category). */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getStoredEvents } from '@/web/lib/analytics';
import { mockApi, testQueryClient } from '@/web/test/render-route';
import { booking } from '../testing/bookings';
import { useCancelBooking } from './cancel-booking';
import { useRescheduleBooking } from './reschedule-booking';

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider>;

describe('booking changes as analytics events', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('records a cancellation with the tier and the fee, and a reschedule', async () => {
    const cancelled = booking({ status: 'cancelled', cancellation: { tier: 'half', feeCents: 2419, cancelledAt: '2026-05-15T00:00:00.000Z' } });
    mockApi({ 'POST /api/bookings/b1/cancel': { body: cancelled }, 'POST /api/bookings/b1/reschedule': { body: booking({}) } });
    const cancel = renderHook(() => useCancelBooking(), { wrapper });
    await act(() => cancel.result.current.mutateAsync({ bookingId: 'b1' } as never));
    const reschedule = renderHook(() => useRescheduleBooking(), { wrapper });
    await act(() => reschedule.result.current.mutateAsync({ bookingId: 'b1', startAt: '2026-05-16T14:00:00.000Z' } as never));

    expect(getStoredEvents().map((e) => [e.category, e.action, e.label, e.value, e.params])).toEqual([
      ['booking', 'booking_cancelled', 'tv-installation', 2419, { service: 'tv-installation', tier: 'half' }],
      ['booking', 'booking_rescheduled', 'tv-installation', undefined, { service: 'tv-installation' }],
    ]);
  });
});
