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
    const times = await screen.findByRole('radiogroup', { name: 'Start times on Fri, May 15' });
    expect(within(times).getByRole('radio', { name: '2:00 PM' })).toBeInTheDocument();
    expect(within(times).getByRole('radio', { name: '2:30 PM' })).toBeInTheDocument();
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
    await screen.findByRole('radio', { name: '2:00 PM' });

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Please choose a date and time.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '2:00 PM' })).toHaveFocus();
    expect(onNext).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('radio', { name: '2:30 PM' }));
    expect(screen.getByRole('radio', { name: '2:30 PM' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onNext).toHaveBeenCalled());
  });

  it('the times are one Tab stop: arrow keys move and choose, Home and End jump', async () => {
    const many = Array.from({ length: 23 }, (_, i) => new Date(Date.UTC(2026, 4, 15, 12, 0) + i * 30 * 60_000).toISOString());
    fakeApi({ 'GET /api/services/tv-installation/slots': () => ({ body: { date: DATES[0], dates: DATES, starts: many } }) });
    renderWithProviders(<Harness onNext={vi.fn()} />);
    const times = await screen.findByRole('radiogroup', { name: 'Start times on Fri, May 15' });
    expect(within(times).getAllByRole('radio')).toHaveLength(23);
    // the times may be drawn anew after a choice: always read them afresh
    const radio = (index: number) => within(screen.getByRole('radiogroup')).getAllByRole('radio')[index]!;
    const tabStops = () => within(screen.getByRole('radiogroup')).getAllByRole('radio').filter((item) => item.tabIndex === 0);
    // exactly one of the 23 is in the Tab order
    expect(tabStops()).toEqual([radio(0)]);

    // Tab from the last date chip lands on the first time, and the next Tab leaves the group
    within(screen.getByRole('group', { name: 'Date' })).getAllByRole('button').at(-1)!.focus();
    await userEvent.tab();
    expect(radio(0)).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(radio(1)).toHaveFocus());
    expect(radio(1)).toBeChecked();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    await waitFor(() => expect(radio(2)).toHaveFocus());
    expect(radio(2)).toBeChecked();
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(radio(22)).toHaveFocus());
    expect(radio(22)).toBeChecked();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(radio(0)).toHaveFocus());
    expect(radio(0)).toBeChecked();
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(radio(22)).toHaveFocus());
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(radio(0)).toHaveFocus());
    expect(tabStops()).toEqual([radio(0)]);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Back' })).toHaveFocus();
  });

  it('the date row says when it scrolls: arrows appear while more dates lie aside', async () => {
    slotsApi();
    const widths = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(1200);
    const client = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(320);
    try {
      renderWithProviders(<Harness onNext={vi.fn()} />);
      await screen.findByRole('group', { name: 'Date' });
      expect(await screen.findByRole('button', { name: 'Scroll right' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Scroll left' })).not.toBeInTheDocument();
    } finally {
      widths.mockRestore();
      client.mockRestore();
    }
  });
});
