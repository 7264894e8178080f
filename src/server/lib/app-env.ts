/** The Hono context variables every handler can read. */
import type { Config } from '../config';
import type { Auth } from '../auth/auth';
import type { Database } from '../db/client';
import type { PaymentGateway } from '../payments/gateway';
import type { SimulatedGateway } from '../payments/simulated-gateway';
import type { Mailer } from '../mail/mailer';
import type { BookingEventHub } from '../realtime/booking-event-hub';
import type { Logger } from './logger';
import type { Lang } from './i18n';
import type { Role } from '../auth/roles';
import type { BlogLibrary } from '../modules/blog/blog-library';
import type { PushNotifier } from '../modules/push/push-notifier';
import type { BookingNotifier } from '../notifications/booking-notifier';
import type { UploadStorage } from '../modules/uploads/upload-storage';

export interface AppDeps {
  config: Config;
  db: Database;
  auth: Auth;
  gateway: PaymentGateway;
  /** Present when payments run in test mode (the simulated gateway). */
  simulatedGateway: SimulatedGateway | null;
  logger: Logger;
  /** The clock; tests pin it. */
  now: () => Date;
  /**
   * Booking changes as they commit (LISTEN on the booking_events trigger's channel):
   * `bookingEvents.subscribe(change => ...)` returns the unsubscribe function. src/server/realtime/.
   */
  bookingEvents: BookingEventHub;
  /** Sends mail (SMTP_URL) or keeps it in the dev outbox; every message is kept in mail_outbox. */
  mailer: Mailer;
  /** The blog's posts, read and checked at start from content/blog/ (src/server/modules/blog/). */
  blog: BlogLibrary;
  /** Push notifications to staff devices (issue #15, src/server/modules/push/): `push.notify(...)` after a change commits. */
  push: PushNotifier;
  /**
   * This process's booking notifier (src/server/notifications/booking-notifier.ts), set once it is
   * started; the scheduled job that sends booking mail nobody sent hands it the events (decision 051).
   */
  bookingNotifier?: BookingNotifier;
  /** Where uploaded photos' bytes live: DATA_DIR/uploads, or the S3 bucket when configured (issue #16, src/server/modules/uploads/upload-storage.ts). */
  uploadStorage: UploadStorage;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    user: { id: string; email: string; name: string } | null;
    /** The caller with their role, set by a route's access guard (src/server/lib/openapi.ts) for role-guarded routes. */
    caller: { id: string; email: string; name: string; role: Role } | null;
    /** When the caller's session ends (null when signed out). */
    sessionExpiresAt: Date | null;
    lang: Lang;
    /** This request's id (src/server/lib/request-id.ts), also answered as X-Request-Id. */
    requestId: string;
  };
}
