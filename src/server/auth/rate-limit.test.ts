/**
 * Issue #10, finding 1: wrong passwords slow the guesser down with a growing delay, per
 * (account, IP) and per IP, without ever locking the account's owner out; change-password and
 * sign-up's "email taken" answers are limited too. The test app has no socket: the client IP
 * comes from X-Forwarded-For (TRUST_PROXY), and the limits read the app's clock (setNow).
 */
import { addSeconds } from 'date-fns/addSeconds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestApp, databaseKind, type TestApp } from '../test/test-app';

const RIGHT = 'correct-horse-9';
const WRONG = 'not-the-password-1';

describe(`sign-in guesses (issue #10, ${databaseKind})`, () => {
  let t: TestApp;
  let clock: Date;
  beforeAll(async () => {
    clock = new Date();
    // the production defaults (10 requests a minute per address), as in the reproduction
    t = await createTestApp({ now: clock, env: { TRUST_PROXY: 'true', AUTH_RATE_LIMIT_MAX: '10', AUTH_RATE_LIMIT_WINDOW_SECONDS: '60' } });
  });
  afterAll(() => t?.close());

  const later = (seconds: number) => {
    clock = addSeconds(clock, seconds);
    t.setNow(clock);
  };
  const signIn = (ip: string, email: string, password: string, language = 'en') =>
    t.request('/api/auth/sign-in/email', { method: 'POST', headers: { 'X-Forwarded-For': ip, 'Accept-Language': language }, json: { email, password } });

  it("does not keep the owner out after wrong passwords for their address from other addresses", async () => {
    const { email } = await t.signUp();
    // the attack: 10 wrong passwords from 10 addresses, then some more from one of them
    for (let i = 1; i <= 10; i++) expect((await signIn(`10.1.0.${i}`, email, WRONG)).status).toBe(401);
    const attacker = [];
    for (let i = 0; i < 8; i++) attacker.push((await signIn('10.1.0.1', email, WRONG)).status);
    expect(attacker).toEqual([401, 401, 401, 401, 429, 429, 429, 429]);

    const owner = await signIn('192.168.7.7', email, RIGHT);
    expect(owner.status).toBe(200);
    expect(owner.headers.getSetCookie().join()).toMatch(/session_token=[^;]+/);
  });

  it('makes each further guess from the same address wait twice as long, and a success ends the wait', async () => {
    const { email } = await t.signUp();
    const ip = '10.2.0.1';
    for (let i = 0; i < 5; i++) expect((await signIn(ip, email, WRONG)).status).toBe(401);

    // even the right password waits: the delay does not tell whether the guess was right
    const first = await signIn(ip, email, RIGHT);
    expect(first.status).toBe(429);
    expect(first.headers.get('Retry-After')).toBe('30');
    expect(await first.json()).toEqual({
      message: 'Too many attempts. Please wait a minute and try again.',
      code: 'rate_limited',
      details: null,
      hint: 'You can try again in 30 seconds.',
    });
    // refused attempts are not guesses: they do not make the delay longer
    expect((await signIn(ip, email, WRONG)).status).toBe(429);
    later(10);
    expect((await signIn(ip, email, WRONG)).headers.get('Retry-After')).toBe('20');

    later(21);
    expect((await signIn(ip, email, WRONG)).status).toBe(401);
    expect((await signIn(ip, email, WRONG)).headers.get('Retry-After')).toBe('60');
    later(61);
    expect((await signIn(ip, email, WRONG)).status).toBe(401);
    const third = await signIn(ip, email, WRONG, 'es');
    expect(third.headers.get('Retry-After')).toBe('120');
    expect(await third.json()).toMatchObject({ message: 'Demasiados intentos. Espere un minuto e inténtelo de nuevo.', hint: 'Puede intentarlo de nuevo en 2 minutos.' });

    later(121);
    expect((await signIn(ip, email, RIGHT)).status).toBe(200);
    // the success forgot this address's failures: five free guesses again
    for (let i = 0; i < 5; i++) expect((await signIn(ip, email, WRONG)).status).toBe(401);
    expect((await signIn(ip, email, WRONG)).headers.get('Retry-After')).toBe('30');
  });

  it('refuses an unknown address the same way as a known one', async () => {
    const statuses = async (email: string, ip: string) => {
      const seen = [];
      for (let i = 0; i < 6; i++) seen.push((await signIn(ip, email, WRONG)).status);
      return seen;
    };
    const { email } = await t.signUp();
    expect(await statuses(email, '10.3.0.1')).toEqual(await statuses('nobody-at-all@example.com', '10.3.0.2'));
  });
});

describe(`failures from one address across accounts (issue #10, ${databaseKind})`, () => {
  let t: TestApp;
  let clock: Date;
  beforeAll(async () => {
    clock = new Date();
    // 3 requests per 10 seconds per address; 6 failures (twice that) before the first delay
    t = await createTestApp({ now: clock, env: { TRUST_PROXY: 'true', AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW_SECONDS: '10' } });
  });
  afterAll(() => t?.close());

  const later = (seconds: number) => {
    clock = addSeconds(clock, seconds);
    t.setNow(clock);
  };
  const signIn = (ip: string, email: string) => t.request('/api/auth/sign-in/email', { method: 'POST', headers: { 'X-Forwarded-For': ip }, json: { email, password: WRONG } });

  it('answers 429 with Retry-After past the window limit, and slows down one address trying many accounts', async () => {
    const window = [];
    for (let i = 0; i < 4; i++) window.push(await signIn('10.4.0.1', `someone-${i}@example.com`));
    expect(window.map((r) => r.status)).toEqual([401, 401, 401, 429]);
    expect(window[3]!.headers.get('Retry-After')).toBe('10');
    expect(await window[3]!.json()).toMatchObject({ code: 'rate_limited', hint: 'You can try again in 10 seconds.' });
    // another address is not affected
    expect((await signIn('10.4.0.2', 'someone-0@example.com')).status).toBe(401);

    later(11);
    const next = [];
    for (let i = 3; i < 6; i++) next.push((await signIn('10.4.0.1', `someone-${i}@example.com`)).status);
    expect(next).toEqual([401, 401, 401]);
    // six failures from this address: in a new window, a new account from it still waits 30 seconds
    later(11);
    const waiting = await signIn('10.4.0.1', 'someone-new@example.com');
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get('Retry-After')).toBe('19');
    // the same account from another address does not
    expect((await signIn('10.4.0.3', 'someone-new@example.com')).status).toBe(401);
  });
});

describe(`change-password guesses (issue #10, ${databaseKind})`, () => {
  let t: TestApp;
  let clock: Date;
  beforeAll(async () => {
    clock = new Date();
    t = await createTestApp({ now: clock });
  });
  afterAll(() => t?.close());

  const change = (cookie: string, currentPassword: string, newPassword = 'brand-new-pass-5') =>
    t.request('/api/auth/change-password', { method: 'POST', cookie, json: { currentPassword, newPassword } });

  it('limits wrong current passwords of one account with the growing delay, not the other accounts', async () => {
    const { cookie } = await t.signUp();
    const other = await t.signUp();
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await change(cookie, `wrong-guess-${i}`)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    const limited = await change(cookie, RIGHT);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('30');
    expect((await limited.json()).code).toBe('rate_limited');

    expect((await change(other.cookie, RIGHT)).status).toBe(200);

    clock = addSeconds(clock, 31);
    t.setNow(clock);
    expect((await change(cookie, RIGHT)).status).toBe(200);
  });
});

describe(`sign-up limits per address (issue #10, ${databaseKind})`, () => {
  let t: TestApp;
  let clock: Date;
  beforeAll(async () => {
    clock = new Date();
    t = await createTestApp({ now: clock, env: { TRUST_PROXY: 'true', AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW_SECONDS: '10' } });
  });
  afterAll(() => t?.close());

  const later = (seconds: number) => {
    clock = addSeconds(clock, seconds);
    t.setNow(clock);
  };
  const signUp = (ip: string, email: string) =>
    t.request('/api/auth/sign-up/email', { method: 'POST', headers: { 'X-Forwarded-For': ip }, json: { email, password: RIGHT, name: 'Probe' } });

  it('limits sign-up attempts per address, and slows down one that keeps finding taken emails', async () => {
    const taken: string[] = [];
    for (let i = 0; i < 3; i++) taken.push((await t.signUp()).email);
    const first = [];
    for (const email of [...taken, 'fresh-1@example.com']) first.push((await signUp('10.5.0.1', email)).status);
    expect(first).toEqual([422, 422, 422, 429]);
    expect((await signUp('10.5.0.2', 'fresh-2@example.com')).status).toBe(200);

    // three "taken" answers: in the next window this address still waits for the 30 seconds
    later(11);
    const waiting = await signUp('10.5.0.1', 'fresh-3@example.com');
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get('Retry-After')).toBe('19');
    // after it, one more "taken" answer doubles the wait
    later(20);
    expect((await signUp('10.5.0.1', taken[0]!)).status).toBe(422);
    const longer = await signUp('10.5.0.1', 'fresh-3@example.com');
    expect(longer.status).toBe(429);
    expect(longer.headers.get('Retry-After')).toBe('60');
  });
});

describe(`counters shared by app processes (issue #10, ${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true', AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW_SECONDS: '60' } });
  });
  afterAll(() => t?.close());

  it('counts the requests of one address once, across two app processes on the same database and in parallel', async () => {
    // a second app on the same database and config, as a second server process behind the load balancer
    const second = createApp(t.deps);
    const attempt = (i: number) => {
      const init = {
        method: 'POST',
        headers: { Origin: t.config.publicUrl, 'Content-Type': 'application/json', 'X-Forwarded-For': '10.6.0.1' },
        body: JSON.stringify({ email: `parallel-${i}@example.com`, password: WRONG }),
      };
      return i % 2 === 0 ? t.request('/api/auth/sign-in/email', init) : second.request('/api/auth/sign-in/email', init);
    };
    const statuses = (await Promise.all(Array.from({ length: 9 }, (_, i) => attempt(i)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });
});
