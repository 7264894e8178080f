/**
 * `npm run user:create -- --email E --password P --role admin|worker|user --name N`: creates an
 * account from the command line (how the first admin is made). A worker starts with all three
 * skills and the business hours every day as availability. Uses the same database settings
 * as the server (stop a running server first when on the embedded database). The role is
 * written to user_roles and to the user's metadata (auth/roles.ts).
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config';
import { startRuntime } from '../bootstrap';
import { createLogger } from '../lib/logger';
import { eq } from 'drizzle-orm';
import { user, userRoles } from '../db/schema';
import { makeWorker } from '../modules/workers/worker-defaults';

const argsSchema = z.object({
  email: z.email({ error: '--email must be an email address' }),
  password: z.string({ error: '--password is required' }).min(8, { error: '--password must be at least 8 characters' }),
  role: z.enum(['admin', 'worker', 'user'], { error: '--role must be admin, worker or user' }).default('user'),
  name: z.string().optional(),
});

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
    strict: true,
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    console.error(parsed.error.issues.map((i) => i.message).join('\n'));
    console.error('Usage: npm run user:create -- --email E --password P --role admin|worker|user --name N');
    process.exit(2);
  }
  const args = parsed.data;
  const runtime = await startRuntime(loadConfig(), undefined, { logger: createLogger('warn') });
  try {
    const result = await runtime.deps.auth.api.signUpEmail({ body: { email: args.email, password: args.password, name: args.name?.trim() || args.email } });
    const fullName = result.user.name;
    // the metadata carries the role too (spec section 3); user_roles stays the first source
    await runtime.deps.db.update(user).set({ userMetadata: { full_name: fullName, role: args.role } }).where(eq(user.id, result.user.id));
    if (args.role === 'worker') await makeWorker(runtime.deps.db, result.user.id);
    else if (args.role !== 'user') await runtime.deps.db.insert(userRoles).values({ userId: result.user.id, role: args.role }).onConflictDoNothing();
    console.log(`Created ${args.role} ${args.email} (id ${result.user.id}).`);
  } finally {
    await runtime.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
