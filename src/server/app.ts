/**
 * Builds the Hono app in one place (STYLE.md, hono-open-api-starter's create-app): request
 * context, logging, security headers, the cross-site check on API writes, the API areas, JSON
 * 404s under /api, the built web app with its SPA fallback (a missing hashed asset is a plain
 * 404), and the central error handler. Tests build the same app and call `app.request()`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { OpenAPIHono } from '@hono/zod-openapi';
import { secureHeaders } from 'hono/secure-headers';
import { adminSessionRoutes } from './auth/admin-session.routes';
import { authRoutes } from './auth/auth-routes';
import { sessionMiddleware } from './auth/session';
import type { AppDeps, AppEnv } from './lib/app-env';
import { apiCors } from './lib/api-cors';
import { crossSiteGuard } from './lib/cross-site-guard';
import { inputGuard } from './lib/input-guard';
import { handleError } from './lib/error-handler';
import { webAppFileCacheControl } from './lib/web-app-files';
import { AppError } from './lib/errors';
import { languageOf } from './lib/i18n';
import { requestIdFor } from './lib/request-id';
import { sentryCsp } from './lib/sentry-csp';
import { adminBookingsRoutes } from './modules/admin/admin-bookings.routes';
import { adminWorkersRoutes, dispatchBookingsRoutes } from './modules/dispatch/dispatch.routes';
import { dayCalendarRoutes } from './modules/dispatch/day-calendar.routes';
import { customerHistoryRoutes } from './modules/dispatch/customer-history.routes';
import { adminWorkerEarningsRoutes, workerEarningsRoutes } from './modules/workers/earnings.routes';
import { workerRoutes } from './modules/workers/workers.routes';
import { adminUsersRoutes } from './modules/people/admin-users.routes';
import { adminWorkerApplicationsRoutes, workerApplicationsRoutes } from './modules/people/worker-applications.routes';
import { bookingsRoutes } from './modules/bookings/bookings.routes';
import { adminReviewRoutes, bookingReviewRoutes } from './modules/reviews/reviews.routes';
import { tipRoutes } from './modules/tips/tips.routes';
import { receiptRoutes } from './modules/receipts/receipts.routes';
import { jobPhotoRoutes } from './modules/workers/job-photos.routes';
import { healthRoutes } from './modules/health/health.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { webhookRoutes } from './modules/payments/webhook.routes';
import { servicesRoutes } from './modules/services/services.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { meRoutes } from './modules/users/me.routes';
import { accountRoutes } from './modules/account/account.routes';
import { outboxRoutes } from './modules/outbox/outbox.routes';
import { eventsRoutes } from './realtime/events.routes';
import { streamTicketRoutes, streamTicketSession } from './realtime/stream-ticket';
import { docsRoutes } from './modules/docs/docs.routes';
import { errorLogRoutes } from './modules/errors/errors.routes';
import { chatsRoutes } from './modules/chats/chats.routes';
import { chatGuestsRoutes } from './modules/chats/chat-guests.routes';
import { chatAttachmentsRoutes } from './modules/chats/chat-attachments.routes';
import { cannedRepliesRoutes } from './modules/chats/canned-replies.routes';
import { chatActivityRoutes } from './modules/chats/chat-activity.routes';
import { adminAnalyticsRoutes } from './modules/analytics/admin-analytics.routes';
import { adminSettingsRoutes } from './modules/settings/admin-settings.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { googleAnalyticsCsp } from './modules/analytics/google-analytics-csp';
import { blogRoutes } from './modules/blog/blog.routes';
import { pushRoutes } from './modules/push/push.routes';
import { seoRoutes, webPageHandler } from './modules/seo/seo.routes';
import { compress } from 'hono/compress';

export interface AppOptions {
  /** The built web app (vite's dist/); omitted in API tests. */
  staticRoot?: string;
}

export function createApp(deps: AppDeps, options: AppOptions = {}) {
  // OpenAPIHono: the areas' declared routes (src/server/lib/openapi.ts) make /api/openapi.json.
  const app = new OpenAPIHono<AppEnv>();
  // Stripe.js and its 3-D Secure frames (docs.stripe.com/security/guide, "Content Security Policy")
  const stripe = deps.config.stripe !== null;
  // The Maps JavaScript API for address autocomplete (developers.google.com/maps/documentation/javascript/content-security-policy)
  const maps = deps.config.googleMaps;
  // Optional Sentry in the browser (VITE_SENTRY_DSN): its ingest host, and blob: workers for session replay
  const sentry = sentryCsp(deps.config.sentry.browserDsn);
  // Optional Google Analytics 4 tag in the browser (VITE_GA_MEASUREMENT_ID): its hosts only when configured
  const ga = googleAnalyticsCsp(deps.config.googleAnalytics);

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('lang', languageOf(c.req.header('accept-language')));
    c.set('user', null);
    c.set('caller', null);
    c.set('requestId', requestIdFor(c.req.header('x-request-id'), deps.config.trustProxy));
    c.header('X-Request-Id', c.var.requestId);
    const started = performance.now();
    await next();
    deps.logger.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started), requestId: c.var.requestId }, 'request');
  });

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : []), ...(maps ? ['https://maps.googleapis.com'] : []), ...ga.scriptSrc],
        // sonner and Radix set inline styles at run time; the Maps suggestions list asks for its Roboto font
        styleSrc: ["'self'", "'unsafe-inline'", ...(maps ? ['https://fonts.googleapis.com'] : [])],
        imgSrc: ["'self'", 'data:', 'blob:', ...(maps ? ['https://maps.googleapis.com', 'https://maps.gstatic.com'] : []), ...ga.imgSrc],
        connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : []), ...(maps ? ['https://maps.googleapis.com', 'https://maps.gstatic.com'] : []), ...sentry.connectSrc, ...ga.connectSrc],
        ...(sentry.workerSrc ? { workerSrc: sentry.workerSrc } : {}),
        ...(stripe ? { frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'] } : {}),
        fontSrc: ["'self'", ...(maps ? ['https://fonts.gstatic.com'] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      referrerPolicy: 'strict-origin-when-cross-origin',
      xContentTypeOptions: 'nosniff',
      xFrameOptions: 'DENY',
      strictTransportSecurity: deps.config.nodeEnv === 'production' ? 'max-age=31536000; includeSubDomains' : false,
      crossOriginEmbedderPolicy: false,
      // The apps' pages (another site) show uploaded photos with <img>, which same-origin would block
      crossOriginResourcePolicy: deps.config.mobileAppOrigins ? 'cross-origin' : 'same-origin',
    }),
  );

  // The mobile apps' pages (another origin, MOBILE_APP_ORIGINS) may read the API with the session
  // cookie; preflights from them end here. Other origins get no CORS headers (lib/api-cors.ts).
  app.use('/api/*', apiCors(deps.config.trustedOrigins));
  // Writes from our own pages only, with JSON bodies. Better Auth checks its routes itself; the
  // gateway's webhook is server-to-server and signature-checked.
  app.use('/api/*', crossSiteGuard({ exemptPaths: ['/api/auth', '/api/payments/webhook'], multipartPaths: ['/api/uploads'] }));
  // NUL characters, oversize or too deeply nested JSON: refused before any route reads them.
  app.use('/api/*', inputGuard({ skipBodyPaths: ['/api/uploads', '/api/payments/webhook'], rawBodyPaths: ['/api/auth'] }));
  app.route('/api/auth', authRoutes({ ...deps.config.authRateLimit, trustProxy: deps.config.trustProxy }));
  app.route('/api/health', healthRoutes);
  app.route('/api', docsRoutes(app));
  app.route('/api/payments/webhook', webhookRoutes);
  app.use('/api/*', sessionMiddleware());
  app.route('/api/me', meRoutes);
  app.route('/api/account', accountRoutes);
  app.route('/api/settings', settingsRoutes);
  app.route('/api/services', servicesRoutes);
  app.route('/api/uploads', uploadsRoutes);
  app.route('/api/payments', paymentsRoutes);
  app.route('/api/bookings', bookingsRoutes);
  app.route('/api/bookings', bookingReviewRoutes);
  app.route('/api/bookings', tipRoutes);
  app.route('/api/bookings', receiptRoutes);
  app.route('/api/bookings', jobPhotoRoutes);
  app.route('/api/admin', adminReviewRoutes);
  app.route('/api/admin/session', adminSessionRoutes);
  app.route('/api/admin/bookings', adminBookingsRoutes);
  app.route('/api/admin/outbox', outboxRoutes);
  // The apps open the stream with a ticket when their WebView withholds the cookie (realtime/stream-ticket.ts)
  app.route('/api/events/ticket', streamTicketRoutes);
  app.use('/api/events', streamTicketSession());
  app.route('/api/events', eventsRoutes());
  app.route('/api/admin/bookings', dispatchBookingsRoutes);
  app.route('/api/admin/workers', adminWorkersRoutes);
  app.route('/api/admin/calendar', dayCalendarRoutes);
  app.route('/api/admin/customers', customerHistoryRoutes);
  app.route('/api/admin/workers', adminWorkerEarningsRoutes);
  app.route('/api/worker', workerRoutes);
  app.route('/api/worker', workerEarningsRoutes);
  app.route('/api/worker-applications', workerApplicationsRoutes);
  app.route('/api/admin/worker-applications', adminWorkerApplicationsRoutes);
  app.route('/api/admin/users', adminUsersRoutes);
  app.route('/api/analytics', analyticsRoutes);
  app.route('/api/admin/analytics', adminAnalyticsRoutes);
  app.route('/api/admin/settings', adminSettingsRoutes);
  app.route('/api', errorLogRoutes);
  app.route('/api', chatsRoutes);
  app.route('/api', chatGuestsRoutes);
  app.route('/api', chatAttachmentsRoutes);
  app.route('/api', cannedRepliesRoutes);
  app.route('/api', chatActivityRoutes);
  app.route('/api/blog', blogRoutes);
  app.route('/api/push', pushRoutes);
  app.all('/api/*', () => {
    throw new AppError(404, 'route_not_found', 'errors.routeNotFound');
  });
  // Crawlers' files (issue #12): answered by the server, whether or not the web app is built.
  app.route('/', seoRoutes());

  if (options.staticRoot && fs.existsSync(path.join(options.staticRoot, 'index.html'))) {
    const root = path.relative(process.cwd(), options.staticRoot) || '.';
    // Every path that is not a file is a page of the app: index.html with that page's head tags
    // and status (issue #12: title, description, canonical, hreflang, social cards, JSON-LD; 404
    // for unknown pages). '/' first, or the static files would answer it with the bare index.html.
    const pageHandler = webPageHandler(path.join(options.staticRoot, 'index.html'));
    // Pages are written per request (their head, their prerendered body): gzipped on the way out (issue #16).
    const pages = [compress(), pageHandler] as const;
    app.get('/', ...pages);
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    });
    // The service worker, the manifest and the bare pages are checked on every use, so a deploy
    // is seen on the next visit (issue #15, lib/web-app-files.ts).
    app.use('/*', async (c, next) => {
      await next();
      const cacheControl = c.res.ok ? webAppFileCacheControl(c.req.path) : null;
      if (cacheControl) c.header('Cache-Control', cacheControl);
    });
    // The prerendered pages are answered through `pages` with their head, never as bare files.
    app.get('/prerendered/*', ...pages);
    // Brotli or gzip copies written by the build (scripts/precompress.mjs) when the browser takes them.
    app.use('/*', serveStatic({ root, precompressed: true }));
    // A hashed file this build does not have (an old tab after a deploy asking for the previous
    // build's chunk) is a 404 that nobody keeps, never the HTML page cached for a year.
    app.get('/assets/*', (c) => c.text('Not Found', 404, { 'Cache-Control': 'no-store' }));
    app.get('*', ...pages);
  }

  app.onError(handleError);
  return app;
}

export type App = ReturnType<typeof createApp>;
