/**
 * Text messages through Twilio, when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and
 * TWILIO_FROM_NUMBER are set; otherwise no sender exists and nothing is sent.
 *
 * Twilio's REST API is called with fetch (POST /2010-04-01/Accounts/{sid}/Messages.json, form
 * fields To, From, Body, HTTP basic auth with the account SID and auth token) rather than the
 * `twilio` package: that one call is all we need, and the SDK would add a large dependency tree
 * (axios and more) for it. Reference:
 * https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource
 */
import type { Config } from '../config';

const TWILIO_API = 'https://api.twilio.com';
const TIMEOUT_MS = 15_000;

export interface SmsSender {
  /**
   * Sends one text.
   * @param to an E.164 number, e.g. +18135550123 (bookings.contact_phone is stored that way)
   * @returns Twilio's message SID
   * @throws SmsError when Twilio refuses the message or cannot be reached
   */
  send(to: string, body: string): Promise<string>;
}

export class SmsError extends Error {
  constructor(
    message: string,
    /** HTTP status from Twilio, or null when it could not be reached. */
    readonly status: number | null,
    /** Twilio's error code (e.g. 21211 invalid 'To' number), when given. */
    readonly code: number | null,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

/** @returns a sender for the configured Twilio account, or null when Twilio is not configured */
export function createSmsSender(twilio: Config['twilio']): SmsSender | null {
  if (!twilio) return null;
  const base = (twilio.apiBase ?? TWILIO_API).replace(/\/$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(twilio.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`;

  return {
    async send(to, body) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ To: to, From: twilio.fromNumber, Body: body }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new SmsError(`Twilio unreachable: ${error instanceof Error ? error.message : String(error)}`, null, null);
      }
      const reply = (await response.json().catch(() => ({}))) as { sid?: string; message?: string; code?: number };
      if (!response.ok || !reply.sid) throw new SmsError(`Twilio refused the message: ${reply.message ?? response.statusText}`, response.status, reply.code ?? null);
      return reply.sid;
    },
  };
}
