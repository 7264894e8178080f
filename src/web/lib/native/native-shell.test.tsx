// @vitest-environment jsdom
/**
 * Issue #15, the apps' native niceties, through the shell main.tsx mounts inside the container:
 * the Android back button (an open dialog first, then the booking steps, then history, then out
 * of the app), the splash screen hidden once the first screen is up, the status bar matching the
 * white header, the focused field scrolled above the keyboard, and push for staff only. The
 * plugins are faked at their module boundary (no native runtime under Vitest).
 */
import { Capacitor } from '@capacitor/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '@/web/components/ui/dialog';
import { useBackHandler } from '@/web/lib/back-navigation';
import { fakeApi } from '@/web/features/booking/testing/render';
import { fakeApp, fakePush, fakeSplashScreen, fakeStatusBar, fire, listenerCount, resetPluginFakes } from './plugin-fakes';

vi.mock('@capacitor/app', async () => ({ App: (await import('./plugin-fakes')).fakeApp }));
vi.mock('@capacitor/keyboard', async () => ({ Keyboard: (await import('./plugin-fakes')).fakeKeyboard }));
vi.mock('@capacitor/splash-screen', async () => ({ SplashScreen: (await import('./plugin-fakes')).fakeSplashScreen }));
vi.mock('@capacitor/status-bar', async () => ({ StatusBar: (await import('./plugin-fakes')).fakeStatusBar, Style: { Light: 'LIGHT', Dark: 'DARK', Default: 'DEFAULT' } }));
vi.mock('@capacitor/push-notifications', async () => ({ PushNotifications: (await import('./plugin-fakes')).fakePush }));

const { default: NativeShell } = await import('./native-shell');

const WORKER = { user: { id: 'w1', email: 'sam@example.com', name: 'Sam' }, profile: null, role: 'worker', session: null };
const CUSTOMER = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana' }, profile: null, role: 'user', session: null };

/** A page with three steps kept in state (as the booking flow keeps its step), registered for back. */
function Stepper() {
  const [step, setStep] = useState(3);
  useBackHandler(() => {
    if (step === 1) return false;
    setStep(step - 1);
    return true;
  });
  return <h1>Step {step}</h1>;
}

function WithDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open details
      </button>
      {open && (
        <Dialog title="Details" onClose={() => setOpen(false)}>
          <p>More</p>
        </Dialog>
      )}
    </>
  );
}

function renderShell(me: unknown, initialEntries = ['/', '/book']) {
  const calls = fakeApi({
    'GET /api/me': () => ({ body: me }),
    'POST /api/push/subscriptions': () => ({ status: 201, body: { id: 'd1' } }),
  }).calls;
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home</h1> },
      { path: '/book', element: <Stepper /> },
      { path: '/dialog', element: <WithDialog /> },
      { path: '/worker', element: <h1>My jobs</h1> },
    ],
    { initialEntries, initialIndex: initialEntries.length - 1 },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <NativeShell router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, calls };
}

const back = (canGoBack: boolean) => act(() => fire('backButton', { canGoBack }));

beforeEach(() => {
  resetPluginFakes();
  vi.spyOn(Capacitor, 'getPlatform').mockReturnValue('android');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('the Android back button', () => {
  it('walks back through the screen’s own steps, then history, then leaves the app on the first screen', async () => {
    renderShell(CUSTOMER);
    expect(await screen.findByRole('heading', { name: 'Step 3' })).toBeInTheDocument();
    await vi.waitFor(() => expect(listenerCount('backButton')).toBe(1));

    back(true);
    expect(await screen.findByRole('heading', { name: 'Step 2' })).toBeInTheDocument();
    back(true);
    expect(await screen.findByRole('heading', { name: 'Step 1' })).toBeInTheDocument();
    back(true);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(fakeApp.minimizeApp).not.toHaveBeenCalled();
    back(false);
    expect(fakeApp.minimizeApp).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  it('closes an open dialog before anything else', async () => {
    renderShell(CUSTOMER, ['/', '/dialog']);
    await userEvent.click(await screen.findByRole('button', { name: 'Open details' }));
    expect(await screen.findByRole('dialog', { name: 'Details' })).toBeInTheDocument();
    await vi.waitFor(() => expect(listenerCount('backButton')).toBe(1));

    back(true);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open details' })).toBeInTheDocument();
    back(true);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });
});

describe('start', () => {
  it('hides the splash screen once the first screen is rendered, and sets a dark-on-white status bar', async () => {
    renderShell(CUSTOMER);
    await screen.findByRole('heading', { name: 'Step 3' });
    await vi.waitFor(() => expect(fakeSplashScreen.hide).toHaveBeenCalledTimes(1));
    expect(fakeStatusBar.setStyle).toHaveBeenCalledWith({ style: 'LIGHT' });
    expect(fakeStatusBar.setBackgroundColor).toHaveBeenCalledWith({ color: '#ffffff' });
  });

  it('scrolls the focused field into view when the keyboard opens', async () => {
    renderShell(CUSTOMER);
    await vi.waitFor(() => expect(listenerCount('keyboardDidShow')).toBe(1));
    const field = document.createElement('input');
    document.body.append(field);
    field.scrollIntoView = vi.fn();
    field.focus();
    act(() => fire('keyboardDidShow', { keyboardHeight: 300 }));
    expect(field.scrollIntoView).toHaveBeenCalledWith(expect.objectContaining({ block: 'center' }));
    field.remove();
  });
});

describe('push in the apps', () => {
  it('registers a signed-in worker’s device and opens a tapped notification’s page', async () => {
    vi.stubEnv('VITE_NATIVE_PUSH', 'true');
    vi.stubEnv('VITE_APP_VARIANT', 'worker');
    const { calls, router } = renderShell(WORKER);
    await vi.waitFor(() => expect(calls.some((call) => call.url === '/api/push/subscriptions')).toBe(true));
    expect(calls.find((call) => call.url === '/api/push/subscriptions')!.body).toEqual({ channel: 'fcm', token: 'fcm-token-0123456789', platform: 'android', locale: 'en' });

    act(() => fire('pushNotificationActionPerformed', { actionId: 'tap', notification: { id: 'n1', data: { url: '/worker' } } }));
    expect(await screen.findByRole('heading', { name: 'My jobs' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/worker');
  });

  it('never registers a customer', async () => {
    vi.stubEnv('VITE_NATIVE_PUSH', 'true');
    vi.stubEnv('VITE_APP_VARIANT', 'worker');
    const { calls } = renderShell(CUSTOMER);
    await vi.waitFor(() => expect(calls.some((call) => call.url === '/api/me')).toBe(true));
    await screen.findByRole('heading', { name: 'Step 3' });
    expect(fakePush.checkPermissions).not.toHaveBeenCalled();
    expect(fakePush.register).not.toHaveBeenCalled();
    expect(calls.some((call) => call.url === '/api/push/subscriptions')).toBe(false);
  });

  it.each([
    ['the worker app built without VITE_NATIVE_PUSH (no Firebase: registering could crash it)', { VITE_APP_VARIANT: 'worker' }],
    ['the customer app, even with VITE_NATIVE_PUSH', { VITE_APP_VARIANT: 'user', VITE_NATIVE_PUSH: 'true' }],
  ])('stays off in %s', async (_, env) => {
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    const { calls } = renderShell(WORKER);
    await vi.waitFor(() => expect(calls.some((call) => call.url === '/api/me')).toBe(true));
    await screen.findByRole('heading', { name: 'Step 3' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fakePush.register).not.toHaveBeenCalled();
    expect(listenerCount('pushNotificationActionPerformed')).toBe(0);
  });
});
