/** The whole Drizzle schema, for the client, drizzle-kit and Better Auth's adapter. */
export * from './auth';
export * from './people';
export * from './catalog';
export * from './bookings';
export * from './payments';
export * from './workers';
export * from './people-admin';
export * from './account';
export * from './idempotency';
export * from './rate-limits';
export * from './analytics';
export * from './errors';
export * from './chats';
export * from './everyday';
export * from './push';
