// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '@/web/test/render-route';
import { WORKER, workerProfile } from '../testing/fixtures';
import { Component as AvailabilityPage } from './availability-page';

function renderEditor(put: { status?: number; body: unknown } = { body: workerProfile() }) {
  const fetchMock = mockApi({
    'GET /api/me': { body: WORKER },
    'GET /api/worker/profile': { body: workerProfile() },
    'PUT /api/worker/availability': put,
  });
  renderPage(<AvailabilityPage />, { path: '/worker/availability' });
  const puts = () => fetchMock.mock.calls.filter(([url, init]) => String(url) === '/api/worker/availability' && init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)));
  return { puts };
}

const day = (name: string) => screen.findByRole('group', { name });
const selectsOf = (group: HTMLElement, label: 'From' | 'To') => within(group).getAllByRole('combobox', { name: label });

describe('the availability editor', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the weekly ranges Monday first, and time off', async () => {
    renderEditor();
    const monday = await day('Monday');
    expect(selectsOf(monday, 'From').map((s) => (s as HTMLSelectElement).selectedOptions[0].textContent)).toEqual(['8:00 AM', '1:00 PM']);
    expect(selectsOf(monday, 'To').map((s) => (s as HTMLSelectElement).selectedOptions[0].textContent)).toEqual(['12:00 PM', '5:00 PM']);
    expect(await day('Tuesday')).toHaveTextContent('Not available');
    expect(screen.getAllByRole('group').filter((g) => g.tagName === 'FIELDSET' && /day$/.test(g.querySelector('legend')?.textContent ?? '')).map((g) => g.querySelector('legend')?.textContent)).toEqual([
      'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday',
    ]);
    expect(screen.getByLabelText('First day')).toHaveValue('2026-12-24');
    expect(screen.getByLabelText('Note (optional)')).toHaveValue('Holidays');
  });

  it('refuses overlapping hours, an end before the start and time off ending before it starts', async () => {
    const { puts } = renderEditor();
    const monday = await day('Monday');
    await userEvent.selectOptions(selectsOf(monday, 'From')[1], '660'); // 11:00 AM, inside 8:00-12:00
    const wednesday = await day('Wednesday');
    await userEvent.selectOptions(selectsOf(wednesday, 'To')[0], '540'); // 9:00 AM, before 10:00 AM
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2026-12-20' } });

    await userEvent.click(screen.getByRole('button', { name: 'Save availability' }));

    expect(await within(monday).findByText('These hours overlap other hours on the same day.')).toBeInTheDocument();
    expect(within(wednesday).getByText('The end must be after the start.')).toBeInTheDocument();
    expect(screen.getByText("The last day can't be before the first day.")).toBeInTheDocument();
    expect(screen.getByText('Please fix the marked fields before saving.')).toBeInTheDocument();
    expect(puts()).toHaveLength(0);
  });

  it('adds and removes ranges, copies Monday to the weekdays, adds time off and saves the whole week', async () => {
    const { puts } = renderEditor();
    const monday = await day('Monday');

    // Saturday gets hours; Monday's afternoon goes and comes back as 1:00-5:00 PM.
    const saturday = await day('Saturday');
    await userEvent.click(within(saturday).getByRole('button', { name: /Add hours/ }));
    expect(selectsOf(saturday, 'From')[0]).toHaveDisplayValue('8:00 AM');
    expect(selectsOf(saturday, 'To')[0]).toHaveDisplayValue('5:00 PM');
    await userEvent.click(within(monday).getAllByRole('button', { name: 'Remove these hours on Monday' })[1]);
    expect(selectsOf(monday, 'From')).toHaveLength(1);
    await userEvent.click(within(monday).getByRole('button', { name: /Add hours/ }));
    expect(selectsOf(monday, 'From')[1]).toHaveDisplayValue('12:30 PM');
    await userEvent.selectOptions(selectsOf(monday, 'From')[1], '780');
    await userEvent.selectOptions(selectsOf(monday, 'To')[1], '1020');

    await userEvent.click(within(monday).getByRole('button', { name: 'Copy Monday to Tue–Fri' }));
    expect(selectsOf(await day('Friday'), 'From')).toHaveLength(2);
    expect(selectsOf(await day('Wednesday'), 'From')[0]).toHaveDisplayValue('8:00 AM');

    await userEvent.click(screen.getByRole('button', { name: 'Add time off' }));
    const second = screen.getByRole('group', { name: 'Time off 2' });
    fireEvent.change(within(second).getByLabelText('First day'), { target: { value: '2027-01-05' } });
    fireEvent.change(within(second).getByLabelText('Last day'), { target: { value: '2027-01-06' } });
    await userEvent.type(within(second).getByLabelText('Note (optional)'), 'Dentist');

    await userEvent.click(screen.getByRole('button', { name: 'Save availability' }));

    expect(await screen.findByText('Your availability is saved.')).toBeInTheDocument();
    const monToFri = [1, 2, 3, 4, 5].flatMap((weekday) => [
      { weekday, startMinute: 480, endMinute: 720 },
      { weekday, startMinute: 780, endMinute: 1020 },
    ]);
    expect(puts()).toEqual([
      {
        weekly: [...monToFri, { weekday: 6, startMinute: 480, endMinute: 1020 }],
        timeOff: [
          { startsOn: '2026-12-24', endsOn: '2026-12-26', note: 'Holidays' },
          { startsOn: '2027-01-05', endsOn: '2027-01-06', note: 'Dentist' },
        ],
      },
    ]);
  });

  it("shows the server's refusal", async () => {
    renderEditor({ status: 400, body: { message: 'Please check the highlighted fields.', code: 'validation_failed', details: { 'weekly.1': 'Two ranges overlap on the same day.' } } });
    await day('Monday');
    await userEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please check the highlighted fields.');
    expect(alert).toHaveTextContent('Two ranges overlap on the same day.');
  });
});
