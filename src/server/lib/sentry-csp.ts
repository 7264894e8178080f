/**
 * What the Content-Security-Policy opens for the browser's optional Sentry (issue #11), only when
 * VITE_SENTRY_DSN is set: the DSN's origin for sending events (connect-src), and `blob:` workers,
 * which the session replay's compression worker is started from (docs.sentry.io, "Content
 * Security Policy" of the Session Replay setup). Without a DSN nothing is opened.
 */
export function sentryCsp(browserDsn: string | null): { connectSrc: string[]; workerSrc: string[] | null } {
  if (!browserDsn) return { connectSrc: [], workerSrc: null };
  return { connectSrc: [new URL(browserDsn).origin], workerSrc: ["'self'", 'blob:'] };
}
