/**
 * The once-a-minute background work (moved here from index.ts so tests can run it): the payment
 * jobs (deferred holds, expired holds, failed payments), reconciliation with the gateway over the
 * last 48 hours, the removal of abandoned uploads, then the chats' offline emails (issue #13,
 * modules/chats/chat-fallback.ts) and the job reminders (issue #14, modules/reminders/). Each step runs even when the one before
 * failed; a failure is logged and written to the error log (issue #11: `critical` for the money
 * jobs, src/server/modules/errors/server-errors.ts). Never throws.
 */
import type { AppDeps } from './lib/app-env';
import { jobFailed } from './modules/errors/server-errors';
import { runPaymentJobs } from './modules/payments/payment-jobs';
import { reconcilePayments } from './modules/payments/reconciliation';
import { removeAbandonedUploads } from './modules/uploads/upload-cleanup';
import { sendChatFallbackEmails } from './modules/chats/chat-fallback';
import { sendDueReminders } from './modules/reminders/reminders.service';

/** How far back reconciliation compares our records with the gateway's. */
export const RECONCILE_WINDOW_MS = 48 * 60 * 60_000;

export async function runScheduledJobs(deps: AppDeps): Promise<void> {
  await runPaymentJobs(deps).catch((error: unknown) => jobFailed(deps, 'payment_jobs', error));
  await reconcilePayments(deps, new Date(deps.now().getTime() - RECONCILE_WINDOW_MS)).catch((error: unknown) => jobFailed(deps, 'reconciliation', error));
  await removeAbandonedUploads(deps).catch((error: unknown) => jobFailed(deps, 'upload_cleanup', error));
  await sendChatFallbackEmails(deps).catch((error: unknown) => jobFailed(deps, 'chat_fallback_emails', error));
  await sendDueReminders(deps).catch((error: unknown) => jobFailed(deps, 'reminders', error));
}
