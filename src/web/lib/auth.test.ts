import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { meQueryOptions, SESSION_RECHECK_MS } from './auth';

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
