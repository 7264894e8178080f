/**
 * Push notifications (issue #15), mounted under /api/push, for workers and admins (`staff`:
 * customers 403, signed out 401): the VAPID key a browser subscribes with, and the caller's
 * devices (subscribe / list / unsubscribe). Contract: src/domain/push-contract.ts; the devices:
 * ./push.service.ts; what gets sent: ./push-notifier.ts.
 */
import { z } from 'zod';
import { pushConfigSchema, pushDeviceSchema, pushSubscriptionRequestSchema, pushUnsubscribeRequestSchema } from '../../../domain/push-contract';
import { apiRouter, callerOf, defineRoute, errorResponses, jsonBody, jsonContent } from '../../lib/openapi';
import { listDevices, subscribeDevice, unsubscribeDevice } from './push.service';

const TAGS = ['Push notifications'];

const configRoute = defineRoute({
  method: 'get',
  path: '/config',
  access: 'staff',
  tags: TAGS,
  summary: "The VAPID public key a browser subscribes with (null: Web Push is not configured)",
  responses: { 200: jsonContent(pushConfigSchema, 'The Web Push configuration'), ...errorResponses(401, 403) },
});

const subscribeRoute = defineRoute({
  method: 'post',
  path: '/subscriptions',
  access: 'staff',
  tags: TAGS,
  summary: 'Subscribe this device to the caller\'s notifications',
  description:
    'A browser sends its `PushSubscription.toJSON()` (`channel: "web"`), a native app its FCM registration token (`channel: "fcm"`). ' +
    'The endpoint or token is the device: sending it again updates it (200), and a device subscribed by another account moves to the caller. ' +
    'Web Push endpoints must be https in production (400 with `details.endpoint`). The device name comes from the User-Agent.',
  request: { body: jsonBody(pushSubscriptionRequestSchema) },
  responses: { 201: jsonContent(pushDeviceSchema, 'The device, new'), 200: jsonContent(pushDeviceSchema, 'The device, updated or moved to the caller'), ...errorResponses(400, 401, 403, 415) },
});

const listRoute = defineRoute({
  method: 'get',
  path: '/subscriptions',
  access: 'staff',
  tags: TAGS,
  summary: "The caller's subscribed devices, oldest first",
  responses: { 200: jsonContent(z.object({ devices: z.array(pushDeviceSchema) }), 'The devices'), ...errorResponses(401, 403) },
});

const unsubscribeRoute = defineRoute({
  method: 'delete',
  path: '/subscriptions',
  access: 'staff',
  tags: TAGS,
  summary: 'Stop notifying one of the caller\'s devices (by its endpoint or token)',
  description: "404 when the caller has no device with that endpoint (another account's device included).",
  request: { body: jsonBody(pushUnsubscribeRequestSchema) },
  responses: { 204: { description: 'Unsubscribed' }, ...errorResponses(400, 401, 403, 404, 415) },
});

export const pushRoutes = apiRouter()
  .openapi(configRoute, (c) => c.json({ vapidPublicKey: c.var.deps.config.push.webPush?.publicKey ?? null }, 200))
  .openapi(subscribeRoute, async (c) => {
    const caller = callerOf(c);
    const { db, now, config } = c.var.deps;
    const { device, created } = await subscribeDevice(db, caller.id, c.req.valid('json'), { userAgent: c.req.header('user-agent'), now: now(), production: config.nodeEnv === 'production' });
    return created ? c.json(device, 201) : c.json(device, 200);
  })
  .openapi(listRoute, async (c) => c.json({ devices: await listDevices(c.var.deps.db, callerOf(c).id) }, 200))
  .openapi(unsubscribeRoute, async (c) => {
    await unsubscribeDevice(c.var.deps.db, callerOf(c).id, c.req.valid('json').endpoint);
    return c.body(null, 204);
  });
