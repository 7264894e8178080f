/**
 * Better Auth's database adapter with one read of our own: the session of a cookie's token with
 * its user, which Better Auth reads on every signed-in request (`internalAdapter.findSession`:
 * `findOne({ model: 'session', where: [{ field: 'token', value }], join: { user: true } })`).
 *
 * Issue #16, docs/decisions/062-session-read-built-once.md: with `advanced.database.joins` the
 * drizzle adapter answers that call through drizzle's relational query builder, which builds and
 * maps the join again on every call (~0.3-0.4 ms of the server's CPU per signed-in request under
 * `--cpu-prof`). Here the same read is a drizzle prepared statement, built once per database
 * handle (named, so PostgreSQL parses it once per connection), answering what the adapter does:
 * the session's fields and its user's, in Better Auth's field names (its adapter factory's
 * `transformOutput`), or null when either row is missing. Every other call, and this one in any
 * other shape, goes to Better Auth's adapter unchanged; Better Auth still checks the cookie's
 * signature, the expiry and everything else about the session.
 */
import { eq, sql } from 'drizzle-orm';
import type { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Database } from '../db/client';
import { session, user } from '../db/schema';

type AdapterBuilder = ReturnType<typeof drizzleAdapter>;
type FindOneArgs = Parameters<ReturnType<AdapterBuilder>['findOne']>[0];

/**
 * The fields Better Auth's schema gives the session and the user (no additional fields are
 * configured in auth.ts): its adapter answers these, and only these, for each.
 */
const sessionFields = {
  id: session.id,
  expiresAt: session.expiresAt,
  token: session.token,
  createdAt: session.createdAt,
  updatedAt: session.updatedAt,
  ipAddress: session.ipAddress,
  userAgent: session.userAgent,
  userId: session.userId,
};
const userFields = {
  id: user.id,
  name: user.name,
  email: user.email,
  emailVerified: user.emailVerified,
  image: user.image,
  createdAt: user.createdAt,
  updatedAt: user.updatedAt,
};

function prepareSessionWithUser(db: Database) {
  return db
    .select({ session: sessionFields, user: userFields })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .limit(1)
    .prepare('better_auth_session_with_user');
}

/** Whether `args` is Better Auth's session-by-token read with its user, and nothing else. */
function tokenOfSessionWithUser(args: FindOneArgs): string | null {
  if (args.model !== 'session' || args.select?.length) return null;
  const join = args.join as Record<string, unknown> | undefined;
  if (!join || Object.keys(join).length !== 1 || join.user !== true) return null;
  const [where, ...more] = args.where;
  if (!where || more.length > 0 || where.field !== 'token' || (where.operator ?? 'eq') !== 'eq' || (where.mode ?? 'sensitive') !== 'sensitive') return null;
  return typeof where.value === 'string' ? where.value : null;
}

/**
 * @param adapter Better Auth's drizzle adapter on `db`
 * @returns the same adapter, whose session-by-token read with its user runs the statement above:
 *   `{ ...session, user }` (Dates as Dates) or null
 * @throws from that read, the driver's error when the statement fails (Better Auth then answers
 *   as it does for its own adapter's failures)
 */
export function withSessionLookup(adapter: AdapterBuilder, db: Database): AdapterBuilder {
  return (options) => {
    const base = adapter(options);
    let statement: ReturnType<typeof prepareSessionWithUser> | undefined;
    return {
      ...base,
      findOne: async <T>(args: FindOneArgs): Promise<T | null> => {
        const token = tokenOfSessionWithUser(args);
        if (token === null) return base.findOne<T>(args);
        statement ??= prepareSessionWithUser(db);
        const [row] = await statement.execute({ token });
        return row ? ({ ...row.session, user: row.user } as T) : null;
      },
    };
  };
}
