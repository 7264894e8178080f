// @vitest-environment jsdom
/**
 * Issue #15: native push for workers and admins. With the plugin faked at its module boundary,
 * what is checked is what the server and the user see: the request that saves the token, nothing
 * asked or sent for customers, and the page a tapped notification opens.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/web/features/booking/testing/render';
import { fakePush, fire, listenerCount, resetPluginFakes } from './plugin-fakes';

vi.mock('@capacitor/push-notifications', async () => ({ PushNotifications: (await import('./plugin-fakes')).fakePush }));

const { notificationPath, openTappedNotifications, registerDeviceForPush } = await import('./native-push');

const saved = () => ({ 'POST /api/push/subscriptions': () => ({ status: 201, body: { id: 'd1' } }) });

beforeEach(resetPluginFakes);
afterEach(() => vi.unstubAllGlobals());

describe('registerDeviceForPush', () => {
  it('asks a worker for permission, registers, and saves the FCM token with platform and language', async () => {
    const { calls } = fakeApi(saved());
    await expect(registerDeviceForPush({ role: 'worker', platform: 'android', locale: 'es' })).resolves.toBe('registered');
    expect(fakePush.requestPermissions).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/push/subscriptions' });
    expect(calls[0]!.body).toEqual({ channel: 'fcm', token: 'fcm-token-0123456789', platform: 'android', locale: 'es' });
    // the one-off listeners are gone once the token is saved
    expect(listenerCount('registration')).toBe(0);
    expect(listenerCount('registrationError')).toBe(0);
  });

  it('registers an admin on iOS without asking again when permission was already given', async () => {
    fakePush.checkPermissions.mockResolvedValue({ receive: 'granted' });
    const { calls } = fakeApi(saved());
    await expect(registerDeviceForPush({ role: 'admin', platform: 'ios', locale: 'en' })).resolves.toBe('registered');
    expect(fakePush.requestPermissions).not.toHaveBeenCalled();
    expect(calls[0]!.body).toEqual({ channel: 'fcm', token: 'fcm-token-0123456789', platform: 'ios', locale: 'en' });
  });

  it('never asks or registers a customer or a signed-out user', async () => {
    const { calls } = fakeApi(saved());
    await expect(registerDeviceForPush({ role: 'user', platform: 'android', locale: 'en' })).resolves.toBe('not-staff');
    await expect(registerDeviceForPush({ role: null, platform: 'ios', locale: 'en' })).resolves.toBe('not-staff');
    expect(fakePush.checkPermissions).not.toHaveBeenCalled();
    expect(fakePush.requestPermissions).not.toHaveBeenCalled();
    expect(fakePush.register).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('stops when the worker refuses notifications', async () => {
    fakePush.requestPermissions.mockResolvedValue({ receive: 'denied' });
    const { calls } = fakeApi(saved());
    await expect(registerDeviceForPush({ role: 'worker', platform: 'android', locale: 'en' })).resolves.toBe('denied');
    expect(fakePush.register).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('fails with the plugin’s message when the device cannot register, and sends nothing', async () => {
    fakePush.register.mockImplementation(async () => queueMicrotask(() => fire('registrationError', { error: 'SERVICE_NOT_AVAILABLE' })));
    const { calls } = fakeApi(saved());
    await expect(registerDeviceForPush({ role: 'worker', platform: 'android', locale: 'en' })).rejects.toThrow('SERVICE_NOT_AVAILABLE');
    expect(calls).toHaveLength(0);
    expect(listenerCount('registration')).toBe(0);
  });

  it('passes on the server refusing the token', async () => {
    fakeApi({ 'POST /api/push/subscriptions': () => ({ status: 403, body: { message: 'Workers and admins only', code: 'forbidden' } }) });
    await expect(registerDeviceForPush({ role: 'worker', platform: 'android', locale: 'en' })).rejects.toMatchObject({ status: 403, code: 'forbidden' });
  });
});

describe('tapped notifications', () => {
  const tap = (data: unknown) => fire('pushNotificationActionPerformed', { actionId: 'tap', notification: { id: '1', data } });

  it('open the notification’s page in the app, and only pages of this app', async () => {
    const open = vi.fn();
    const stop = openTappedNotifications(open);
    await vi.waitFor(() => expect(listenerCount('pushNotificationActionPerformed')).toBe(1));

    tap({ url: '/worker?job=b1', event: 'assignment' });
    expect(open).toHaveBeenLastCalledWith('/worker?job=b1');
    tap({ url: 'https://evil.example/worker' });
    tap({ url: '//evil.example' });
    tap({});
    tap(undefined);
    expect(open).toHaveBeenCalledTimes(1);

    stop();
    await vi.waitFor(() => expect(listenerCount('pushNotificationActionPerformed')).toBe(0));
  });

  it('notificationPath reads PushPayload.url from the message data', () => {
    expect(notificationPath({ notification: { id: '1', data: { url: '/admin/chats' } } })).toBe('/admin/chats');
    expect(notificationPath({ notification: { id: '1', data: { url: '/\\evil.example' } } })).toBeNull();
    expect(notificationPath({ notification: { id: '1', data: { url: `/${'a'.repeat(300)}` } } })).toBeNull();
  });
});
