import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { fetchMe, meQueryOptions, nowInSeconds, SESSION_RECHECK_MS, sessionRefreshDue } from './auth';
import type { Me } from '@/domain/account';

describe('session re-check', () => {
  it('re-checks `me` every 30 seconds while signed in, and not while signed out', () => {
    const client = new QueryClient();
    const interval = meQueryOptions.refetchInterval as (query: unknown) => number | false;
    client.setQueryData(['me'], { user: { id: 'u1', email: 'a@example.com', name: 'A' }, profile: null, role: 'user' });
    expect(interval(client.getQueryCache().find({ queryKey: ['me'] }))).toBe(SESSION_RECHECK_MS);
    expect(SESSION_RECHECK_MS).toBe(30_000);
    client.setQueryData(['me'], { user: null, profile: null, role: null });
    expect(interval(client.getQueryCache().find({ queryKey: ['me'] }))).toBe(false);
  });
});

describe('session refresh before expiry (times in Unix seconds)', () => {
  const session = { expires_at: 1_800_000_000, refresh_at: 1_799_481_600 };

  it('is due from refresh_at until the session expires, and never when signed out', () => {
    expect(sessionRefreshDue(session, session.refresh_at - 1)).toBe(false);
    expect(sessionRefreshDue(session, session.refresh_at)).toBe(true);
    expect(sessionRefreshDue(session, session.expires_at - 1)).toBe(true);
    expect(sessionRefreshDue(session, session.expires_at)).toBe(false);
    expect(sessionRefreshDue(null, session.refresh_at)).toBe(false);
  });

  it('compares whole seconds', () => {
    expect(nowInSeconds(1_799_481_600_999)).toBe(1_799_481_600);
  });

  describe('fetchMe', () => {
    afterEach(() => vi.unstubAllGlobals());
    const user = { id: 'u1', email: 'a@example.com', name: 'A', email_editable: true };
    const nowSeconds = nowInSeconds();

    function stubApi(first: Me, second: Me) {
      const calls: string[] = [];
      vi.stubGlobal('fetch', async (url: string) => {
        calls.push(String(url));
        const body = String(url).endsWith('/api/auth/get-session') ? { session: {}, user } : calls.filter((u) => u.endsWith('/api/me')).length === 1 ? first : second;
        return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      });
      return calls;
    }

    it('renews a session past its refresh time and answers the renewed one', async () => {
      const renewed: Me = { user, profile: null, role: 'user', session: { expires_at: nowSeconds + 604_800, refresh_at: nowSeconds + 86_400 } };
      const calls = stubApi({ user, profile: null, role: 'user', session: { expires_at: nowSeconds + 3_600, refresh_at: nowSeconds - 10 } }, renewed);
      expect(await fetchMe()).toEqual(renewed);
      expect(calls.map((url) => new URL(url, 'http://x').pathname)).toEqual(['/api/me', '/api/auth/get-session', '/api/me']);
    });

    it('does not touch a fresh session', async () => {
      const fresh: Me = { user, profile: null, role: 'user', session: { expires_at: nowSeconds + 604_800, refresh_at: nowSeconds + 86_400 } };
      const calls = stubApi(fresh, fresh);
      expect(await fetchMe()).toEqual(fresh);
      expect(calls).toHaveLength(1);
    });
  });
});
