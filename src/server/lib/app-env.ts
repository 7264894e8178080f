/** The Hono context variables every handler can read. */
import type { Config } from '../config';
import type { Auth } from '../auth/auth';
import type { Database } from '../db/client';
import type { PaymentGateway } from '../payments/gateway';
import type { SimulatedGateway } from '../payments/simulated-gateway';
import type { Logger } from './logger';
import type { Lang } from './i18n';

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
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    user: { id: string; email: string; name: string } | null;
    lang: Lang;
  };
}
