/**
 * Opens, migrates and seeds the database and wires the app's dependencies. Shared by the
 * server start (index.ts), the command-line tools and the API tests, so all run the same code.
 */
import type { Config } from './config';
import { createAuth } from './auth/auth';
import { setDatabaseClock } from './db/clock';
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from './db/client';
import { lockDataDir } from './db/lock';
import { migrateDatabase } from './db/migrate';
import { seedDatabase, seedDemoWorker } from './db/seed';
import { postgresExclusive } from './db/session-lock';
import type { AppDeps } from './lib/app-env';
import { createLogger } from './lib/logger';
import { createMailer } from './mail/mailer';
import { startBookingNotifier, type BookingNotifier } from './notifications/booking-notifier';
import { createSmsSender } from './notifications/sms';
import { startBookingEventHub } from './realtime/booking-event-hub';
import { SimulatedGateway } from './payments/simulated-gateway';
import { StripeGateway } from './payments/stripe-gateway';
import { BLOG_CONTENT_DIR, loadBlogLibrary, PUBLIC_DIR } from './modules/blog/blog-library';
import { buildReceiptPdf } from './modules/receipts/receipt.service';
import { createPushNotifier } from './modules/push/push-notifier';
import { attachCapacityCaches } from './modules/workers/capacity-caches';
import { createUploadStorage } from './modules/uploads/upload-storage';

export class SimulatedGatewayInProductionError extends Error {
  constructor() {
    super('Payments: the simulated (test-mode) gateway is refused when NODE_ENV=production. Configure Stripe (STRIPE_SECRET_KEY and VITE_STRIPE_PUBLISHABLE_KEY).');
    this.name = 'SimulatedGatewayInProductionError';
  }
}

export interface Runtime {
  deps: AppDeps;
  handle: DatabaseHandle;
  /** Sends the booking messages; `idle()` waits for queued ones (tests). */
  notifier: BookingNotifier;
  close(): Promise<void>;
}

/**
 * @param databaseTarget overrides the config's database (tests pass `{ dir: 'memory://' }`)
 * @throws DataDirLockedError when another process uses the embedded database directory
 * @throws SimulatedGatewayInProductionError in production without a real gateway
 * @throws BlogContentError when a post in content/blog/ breaks a rule (before the database is opened)
 */
export async function startRuntime(config: Config, databaseTarget?: DatabaseTarget, overrides: Partial<AppDeps> = {}): Promise<Runtime> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  if (config.nodeEnv === 'production' && !config.stripe) throw new SimulatedGatewayInProductionError();
  const blog = overrides.blog ?? loadBlogLibrary(BLOG_CONTENT_DIR, { publicDir: PUBLIC_DIR });
  const uploadStorage = overrides.uploadStorage ?? (await createUploadStorage(config, logger));
  const target = databaseTarget ?? (config.databaseUrl ? { url: config.databaseUrl } : { dir: `${config.dataDir}/db` });
  const release = 'dir' in target && target.dir !== 'memory://' ? await lockDataDir(config.dataDir) : async () => {};
  let handle: DatabaseHandle | undefined;
  try {
    handle = await openDatabase(target);
    const opening = handle;
    const migrateAndSeed = async () => {
      await migrateDatabase(opening);
      await seedDatabase(opening.db);
      if (config.seedDemoWorker && (await seedDemoWorker(opening.db))) logger.info('added a demo technician so a fresh database offers time slots (SEED_DEMO_WORKER=false to skip)');
    };
    // Several processes may start together on one PostgreSQL (issue #16): one migrates and seeds
    // at a time, the others wait for it and then find nothing left to do.
    if (opening.connectionString) await postgresExclusive(opening.connectionString, 'startup').run('migrate-and-seed', migrateAndSeed);
    else await migrateAndSeed();
  } catch (error) {
    await handle?.close().catch(() => {});
    await release();
    throw error;
  }
  const opened = handle;
  const bookingEvents = await startBookingEventHub(opened, logger).catch(async (error: unknown) => {
    await opened.close().catch(() => {});
    await release();
    throw error;
  });
  const clock = overrides.now ?? (() => new Date());
  setDatabaseClock(clock);
  const simulatedGateway = config.stripe ? null : new SimulatedGateway(handle.db, clock);
  const deps: AppDeps = {
    config,
    db: handle.db,
    auth: createAuth(handle.db, config, { sendMail: (mail) => deps.mailer.send(mail) }),
    gateway: simulatedGateway ?? new StripeGateway(handle.db, config.stripe!),
    simulatedGateway,
    logger,
    bookingEvents,
    mailer: createMailer(handle.db, config.mail, logger),
    blog,
    push: createPushNotifier({ db: handle.db, config: config.push, logger, now: clock }),
    uploadStorage,
    ...overrides,
    now: clock,
  };
  // Issue #16: the slots' day plans and the settings, kept until a change heard on the hub drops them.
  attachCapacityCaches(deps.db, deps.bookingEvents, logger);
  // The trigger is the only source of booking changes; the notifier is one more subscriber.
  const notifier = startBookingNotifier(deps.bookingEvents, {
    db: deps.db,
    mailer: deps.mailer,
    sms: createSmsSender(config.twilio),
    site: { publicUrl: config.publicUrl, supportPhone: config.supportPhone, operationsEmail: config.mail.operationsEmail },
    logger,
    // Issue #14: the receipt mail carries the PDF receipt (the system reads it as an admin would).
    receiptPdf: async (bookingId, lang) => {
      const file = await buildReceiptPdf({ db: deps.db, config, testMode: deps.gateway.testMode }, bookingId, { id: '', isAdmin: true }, lang);
      return { ...file, contentType: 'application/pdf' };
    },
  });
  deps.bookingNotifier = notifier;
  return {
    deps,
    handle: opened,
    notifier,
    close: async () => {
      // Stop hearing changes (ends the SSE streams), finish queued mail, then close the database.
      await bookingEvents.close();
      await notifier.close();
      await deps.push.idle();
      deps.mailer.close();
      deps.uploadStorage.close();
      await opened.close();
      await release();
    },
  };
}
