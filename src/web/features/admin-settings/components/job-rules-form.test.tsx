// @vitest-environment jsdom
/**
 * The "Jobs and workers" section of /admin/settings (issue #14): filled from the server, a value
 * outside the rule refused on its field before anything is sent, a save sent with its version.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_JOB_RULES } from '@/domain/job-rules';
import type { AdminSettings } from '@/domain/settings-contract';
import { loadRouteMessages } from '@/web/lib/i18n';
import { mockApi, renderPage } from '@/web/test/render-route';
import { JobRulesForm } from './section-forms';

const never = { updatedAt: null, updatedBy: null };
const STATE: AdminSettings['sections']['jobRules'] = { value: DEFAULT_JOB_RULES, version: 3, ...never };

function renderForm() {
  const sent: unknown[] = [];
  mockApi({
    'GET /api/me': { body: { user: { id: 'a1', email: 'ana@example.com', name: 'Ana Admin' }, profile: null, role: 'admin' } },
    'PUT /api/admin/settings/job-rules': (init) => {
      const body = JSON.parse(String(init?.body)) as { value: typeof DEFAULT_JOB_RULES };
      sent.push(body);
      return { body: { value: body.value, version: 4, updatedAt: '2026-11-21T16:00:00.000Z', updatedBy: { id: 'a1', name: 'Ana Admin' } } };
    },
  });
  renderPage(<JobRulesForm state={STATE} />, { path: '/admin/settings' });
  return { sent };
}

describe('the job rules form', () => {
  beforeAll(() => loadRouteMessages('admin-settings'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the rules, refuses an arrival window under 15 minutes, then saves 90 with the version it read', async () => {
    const { sent } = renderForm();
    const form = (await screen.findByRole('region', { name: 'Jobs and workers' })) as HTMLElement;
    expect(within(form).getByLabelText('Start window before a job (minutes)')).toHaveValue('120');
    expect(within(form).getByLabelText('Shortest job (minutes)')).toHaveValue('15');
    expect(within(form).getByLabelText('Worker share of labour (%)')).toHaveValue('70');
    const arrival = within(form).getByLabelText('Arrival window (minutes)');
    expect(arrival).toHaveValue('60');

    const user = userEvent.setup();
    await user.clear(arrival);
    await user.type(arrival, '10');
    await user.click(within(form).getByRole('button', { name: 'Save Jobs and workers' }));
    expect(await within(form).findByText('Enter whole minutes between 15 and 480.')).toBeInTheDocument();
    expect(arrival).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    await user.clear(arrival);
    await user.type(arrival, '90{Enter}');
    expect(await screen.findByText('Jobs and workers saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ version: 3, value: { ...DEFAULT_JOB_RULES, arrivalWindowMinutes: 90 } }]);
  });
});
