import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** What `openssl rand -base64 32` prints: the kind of secret production must get. */
const RANDOM_SECRET = 'q3N8vR1xZ7pK0mW5tY9bC2hL6jD4fG8sA1eU7iO3=';

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('BETTER_AUTH_SECRET in production (issue #10)', () => {
  it('refuses the development secret published in the source code', () => {
    expect(problemsOf({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'dev-only-auth-secret-not-for-production-0123456789' })).toMatch(
      /BETTER_AUTH_SECRET: the development secret is published in the source code/,
    );
  });

  it('refuses 32 identical characters and other secrets with too few different characters', () => {
    expect(problemsOf({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'a'.repeat(32) })).toMatch(/BETTER_AUTH_SECRET: too easy to guess \(only 1 different characters/);
    expect(problemsOf({ NODE_ENV: 'production', BETTER_AUTH_SECRET: '01234567801234567801234567801234' })).toMatch(/BETTER_AUTH_SECRET: too easy to guess \(only 9/);
  });

  it('still refuses a missing or short secret, and says how to make one', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toMatch(/BETTER_AUTH_SECRET: required in production; generate one with `openssl rand -base64 32`/);
    expect(problemsOf({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'q3N8vR1xZ7pK0mW5' })).toMatch(/BETTER_AUTH_SECRET: must be at least 32 characters/);
  });

  it('accepts a random secret', () => {
    expect(loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: RANDOM_SECRET }).authSecret).toBe(RANDOM_SECRET);
  });

  it('keeps the development fallback outside production', () => {
    expect(loadConfig({}).authSecret).toBe('dev-only-auth-secret-not-for-production-0123456789');
    expect(loadConfig({ NODE_ENV: 'test', BETTER_AUTH_SECRET: 'a'.repeat(32) }).authSecret).toBe('a'.repeat(32));
  });
});

describe('MOBILE_APP_ORIGINS (issue #15)', () => {
  it('trusts the mobile apps\' origins only when set to true', () => {
    expect(loadConfig({}).trustedOrigins).not.toContain('capacitor://localhost');
    expect(loadConfig({ MOBILE_APP_ORIGINS: 'false' }).trustedOrigins).not.toContain('https://localhost');
    const trusted = loadConfig({ MOBILE_APP_ORIGINS: 'true', TRUSTED_ORIGINS: 'https://admin.example.com' }).trustedOrigins;
    expect(trusted).toEqual(expect.arrayContaining(['capacitor://localhost', 'https://localhost', 'https://admin.example.com', 'http://localhost:3000']));
  });

  it('refuses anything but true or false', () => {
    expect(problemsOf({ MOBILE_APP_ORIGINS: 'yes' })).toMatch(/MOBILE_APP_ORIGINS/);
  });
});

describe('JOB_INTERVAL_MS (issue #16)', () => {
  it('runs the background jobs every minute unless told otherwise', () => {
    expect(loadConfig({}).jobIntervalMs).toBe(60_000);
    expect(loadConfig({ JOB_INTERVAL_MS: '300' }).jobIntervalMs).toBe(300);
  });

  it('refuses an interval below 100 ms, above an hour, or not a whole number', () => {
    expect(problemsOf({ JOB_INTERVAL_MS: '50' })).toMatch(/JOB_INTERVAL_MS: must be at least 100/);
    expect(problemsOf({ JOB_INTERVAL_MS: '7200000' })).toMatch(/JOB_INTERVAL_MS: must be at most 3600000/);
    expect(problemsOf({ JOB_INTERVAL_MS: 'often' })).toMatch(/JOB_INTERVAL_MS/);
  });
});
