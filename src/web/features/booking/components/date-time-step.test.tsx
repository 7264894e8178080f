// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders, type ApiCall } from '../testing/render';
import { DateTimeStep } from './date-time-step';

const DATES = Array.from({ length: 15 }, (_, i) => `2026-05-${String(15 + i).padStart(2, '0')}`);
const STARTS: Record<string, string[]> = {
  '2026-05-15': ['2026-05-15T18:00:00.000Z', '2026-05-15T18:30:00.000Z'],
  '2026-05-16': [],
};

function slotsApi() {
  return fakeApi({
    'GET /api/services/tv-installation/slots': ({ url }: ApiCall) => {
      const date = new URL(url, 'http://x').searchParams.get('date') ?? DATES[0];
      return { body: { date, dates: DATES, starts: STARTS[date] ?? [] } };
    },
  });
}

function Harness({ onNext }: { onNext: () => void }) {
  const [choice, setChoice] = useState<{ date: string | null; startAt: string | null }>({ date: null, startAt: null });
  return <DateTimeStep slug="tv-installation" durationMinutes={60} {...choice} onChange={setChoice} onNext={onNext} onBack={vi.fn()} />;
}

describe('date and time', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-15T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers the 15 dates as chips and the day\'s times in Tampa time', async () => {
    const { calls } = slotsApi();
    renderWithProviders(<Harness onNext={vi.fn()} />);

    const dates = await screen.findByRole('group', { name: 'Date' });
    expect(within(dates).getAllByRole('button')).toHaveLength(15);
    expect(within(dates).getByRole('button', { name: 'Today, Fri, May 15' })).toHaveAttribute('aria-pressed', 'true');
    const times = await screen.findByRole('group', { name: 'Start times on Fri, May 15' });
    expect(within(times).getByRole('button', { name: '2:00 PM' })).toBeInTheDocument();
    expect(within(times).getByRole('button', { name: '2:30 PM' })).toBeInTheDocument();
    expect(calls[0].url).toBe('/api/services/tv-installation/slots?durationMinutes=60');
  });

  it('says when a day has no times left', async () => {
    slotsApi();
    renderWithProviders(<Harness onNext={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sat, May 16' }));
    expect(await screen.findByText('No times left on this day — please pick another date')).toBeInTheDocument();
  });

  it('requires a time, then moves on', async () => {
    slotsApi();
    const onNext = vi.fn();
    renderWithProviders(<Harness onNext={onNext} />);
    await screen.findByRole('button', { name: '2:00 PM' });

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Please choose a date and time.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2:00 PM' })).toHaveFocus();
    expect(onNext).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: '2:30 PM' }));
    expect(screen.getByRole('button', { name: '2:30 PM' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onNext).toHaveBeenCalled());
  });
});
