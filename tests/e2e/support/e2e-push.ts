/**
 * Web Push for the end-to-end server (issue #15; playwright.config.ts passes it as VAPID_*): a
 * fixed VAPID pair made once with webpush.generateVAPIDKeys(), for the test server only — it
 * signs nothing anywhere else.
 */
export const E2E_VAPID = {
  publicKey: 'BAIOpEnh_lJIuRVsUfI7A6CDKTeeyGqTfqFFxdGNymIOr-QDEjf11LaAm_-38SeLE9K9078dMzuaWHAFm1t2d1o',
  privateKey: 'bCdQMSC5vuKp5rQE-Zs9l6yHsAcLByv3vdKxFR_lums',
  subject: 'mailto:ops@e2e.example.com',
};
