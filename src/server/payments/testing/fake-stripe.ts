/**
 * A local fake of the Stripe API for tests, so the Stripe gateway is exercised through the real
 * `stripe` SDK without the network (RECIPES.md "Stripe SDK against a local fake"). It owns:
 *
 * - a `node:http` server on 127.0.0.1 (a free port) speaking Stripe's wire format: form-encoded
 *   request bodies in bracket notation (`metadata[booking_id]=…`, `expand[0]=…` or `expand[]=…`),
 *   JSON objects shaped like Stripe's, and Stripe's error bodies
 *   `{ error: { type, code, decline_code, message, param, payment_intent } }` with its HTTP statuses
 *   (400 invalid request, 401 no key, 402 card error, 404 missing object, 500 API error);
 * - in-memory customers, payment methods (Stripe's test tokens `pm_card_visa`,
 *   `pm_card_chargeDeclined`, `pm_card_chargeDeclinedInsufficientFunds`,
 *   `pm_card_authenticationRequired`, which — as on Stripe — make a fresh PaymentMethod on each
 *   use; or `createPaymentMethod()`, as Stripe.js would), PaymentIntents (manual and automatic
 *   capture, 3-D Secure, off-session), charges, refunds and SetupIntents; a customer's saved
 *   cards are listed (`GET /v1/payment_methods?customer=…&type=card`) and detached
 *   (`POST /v1/payment_methods/:id/detach`); as on Stripe, a PaymentMethod attached to one
 *   customer cannot be confirmed for another (or without one), and a detached one never again;
 * - idempotency by `Idempotency-Key` (docs.stripe.com/api/idempotent_requests): the same key
 *   answers the first response byte for byte with `Idempotent-Replayed: true`; reusing a key with
 *   other parameters is a 400 `idempotency_error`. As on Stripe, only requests that ran are saved
 *   (2xx and 402 card errors), not validation or state errors;
 * - a log of every request (method, path, parsed body and query, idempotency key) for tests to
 *   assert on;
 * - a controllable clock: holds lapse at their charge's `capture_before` (7 days for a
 *   customer-present hold, 5 for a Visa merchant-initiated one) and are then canceled with
 *   `cancellation_reason: automatic`, their charge marked refunded, as Stripe does;
 * - scriptable faults for the next request: a timeout (the request is processed, but no answer
 *   is ever sent, so the SDK gives up — the "outcome unknown" case) or an error status answered
 *   before the request is processed (e.g. a 500 from a load balancer).
 *
 * Releasing an uncaptured amount (a partial capture, a cancel or an expiry of a hold) is
 * reported as Stripe reports it: the charge's `amount_refunded` grows and a Refund object for the
 * released amount appears (without metadata).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

type Json = Record<string, unknown>;
/** A parsed form body: strings, nested objects and arrays. */
export type FormParams = { [key: string]: FormValue };
export type FormValue = string | FormParams | FormValue[];

export type CardBehaviour = 'approve' | 'decline' | 'insufficient_funds' | 'authenticate';

/** Stripe's test cards by the name of their `pm_card_<name>` token. */
export const TEST_CARDS = {
  visa: { brand: 'visa', last4: '4242', behaviour: 'approve' },
  mastercard: { brand: 'mastercard', last4: '4444', behaviour: 'approve' },
  chargeDeclined: { brand: 'visa', last4: '0002', behaviour: 'decline' },
  chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', behaviour: 'insufficient_funds' },
  authenticationRequired: { brand: 'visa', last4: '3184', behaviour: 'authenticate' },
} as const satisfies Record<string, { brand: string; last4: string; behaviour: CardBehaviour }>;
export type TestCardName = keyof typeof TEST_CARDS;

export interface RecordedRequest {
  method: string;
  /** The path without the query, e.g. `/v1/payment_intents/pi_123/capture`. */
  path: string;
  /** The parsed form body (POST). */
  body: FormParams;
  /** The parsed query string (GET). */
  query: FormParams;
  idempotencyKey: string | null;
  /** Whether the answer was an idempotent replay of an earlier one. */
  replayed: boolean;
}

export type Fault = (
  | /** Never answer. `processed: true` (default) runs the request first, as when a response is lost. */
  { kind: 'timeout'; processed?: boolean }
  | /** Answer this status and Stripe error body without running the request. */
  { kind: 'error'; status: number; error?: Json }
) & {
  /** Only for a request of this method and path (`POST /v1/payment_intents`); default: the next request. */
  request?: string;
};

const DAY = 24 * 60 * 60;
const CUSTOMER_PRESENT_HOLD_SECONDS = 7 * DAY;
const VISA_MERCHANT_INITIATED_HOLD_SECONDS = 5 * DAY;

interface CardRecord {
  brand: string;
  last4: string;
  behaviour: CardBehaviour;
  expMonth: number;
  expYear: number;
  /** Stripe's `card.fingerprint`: the same for every PaymentMethod of one card number. */
  fingerprint: string;
}
interface CustomerRecord {
  id: string;
  email: string | null;
  metadata: Json;
  created: number;
}
interface PaymentMethodRecord {
  id: string;
  card: CardRecord;
  customer: string | null;
  created: number;
  metadata: Json;
  /** Detached from its customer: Stripe refuses it for any later payment or attachment. */
  detached: boolean;
}
interface ChargeRecord {
  id: string;
  amount: number;
  amountCaptured: number;
  amountRefunded: number;
  captured: boolean;
  status: 'succeeded' | 'failed';
  paymentIntent: string;
  paymentMethod: string;
  customer: string | null;
  metadata: Json;
  created: number;
  /** Manual capture only: when the authorization lapses (seconds). */
  captureBefore: number | null;
  failureCode: string | null;
  failureMessage: string | null;
}
interface PaymentIntentRecord {
  id: string;
  amount: number;
  amountCapturable: number;
  amountReceived: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_action' | 'requires_capture' | 'succeeded' | 'canceled';
  captureMethod: 'automatic' | 'manual';
  customer: string | null;
  paymentMethod: string | null;
  setupFutureUsage: string | null;
  offSession: boolean;
  metadata: Json;
  created: number;
  canceledAt: number | null;
  cancellationReason: string | null;
  lastPaymentError: Json | null;
  latestCharge: string | null;
  clientSecret: string;
  automaticPaymentMethods: Json | null;
}
interface RefundRecord {
  id: string;
  amount: number;
  charge: string;
  paymentIntent: string;
  status: 'succeeded';
  reason: string | null;
  metadata: Json;
  created: number;
}
interface SetupIntentRecord {
  id: string;
  customer: string | null;
  paymentMethod: string | null;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  usage: string;
  metadata: Json;
  created: number;
  clientSecret: string;
  lastSetupError: Json | null;
  automaticPaymentMethods: Json | null;
}

/** A Stripe error answer, thrown inside a handler. */
class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
  ) {
    super(String(error.message));
  }
}

const invalidRequest = (message: string, extra: Json = {}) => new StripeFailure(400, { type: 'invalid_request_error', message, ...extra });
const missing = (kind: string, id: string, param?: string) =>
  new StripeFailure(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, ...(param ? { param } : {}) });

const DECLINES: Record<Exclude<CardBehaviour, 'approve'>, { code: string; declineCode: string; message: string }> = {
  decline: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  authenticate: { code: 'authentication_required', declineCode: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' },
};

/**
 * Parses a form-encoded body in Stripe's bracket notation into nested objects and arrays:
 * `a[b]=1&c[0]=x&c[1]=y&d[]=z` gives `{ a: { b: '1' }, c: ['x', 'y'], d: ['z'] }`. Values stay
 * strings, as Stripe receives them. An object whose keys are all indices becomes an array.
 */
export function parseStripeForm(encoded: string): FormParams {
  const root: Record<string, unknown> = {};
  for (const pair of encoded.split('&')) {
    if (!pair) continue;
    const separator = pair.indexOf('=');
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    const key = decode(separator < 0 ? pair : pair.slice(0, separator));
    const value = separator < 0 ? '' : decode(pair.slice(separator + 1));
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    const path = match ? [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)] : [key];
    if (path.includes('__proto__')) continue;
    let node = root;
    path.forEach((segment, i) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (i === path.length - 1) node[name] = value;
      else node = (node[name] ??= {}) as Record<string, unknown>;
    });
  }
  return arrayify(root) as FormParams;
}

function arrayify(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arrayify(v)] as const);
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function text(params: FormParams, name: string): string | undefined {
  const value = params[name];
  return typeof value === 'string' ? value : undefined;
}
function flag(params: FormParams, name: string): boolean {
  return text(params, name) === 'true';
}
function object(params: FormParams, name: string): FormParams {
  const value = params[name];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
}
function integer(params: FormParams, name: string, required: boolean): number | undefined {
  const raw = text(params, name);
  if (raw === undefined) {
    if (required) throw invalidRequest(`Missing required param: ${name}.`, { code: 'parameter_missing', param: name });
    return undefined;
  }
  if (!/^\d+$/.test(raw)) throw invalidRequest(`Invalid integer: ${raw}`, { code: 'parameter_invalid_integer', param: name });
  return Number(raw);
}
function expansions(params: FormParams): string[] {
  const value = params.expand;
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export class FakeStripe {
  /** Every request received, oldest first. */
  readonly requests: RecordedRequest[] = [];
  private clock: number;
  private readonly faults: Fault[] = [];
  private readonly saved = new Map<string, { fingerprint: string; status: number; body: string }>();
  private readonly hanging = new Set<Socket>();
  private readonly customers = new Map<string, CustomerRecord>();
  private readonly paymentMethods = new Map<string, PaymentMethodRecord>();
  private readonly intents = new Map<string, PaymentIntentRecord>();
  private readonly charges = new Map<string, ChargeRecord>();
  private readonly refunds = new Map<string, RefundRecord>();
  private readonly setupIntents = new Map<string, SetupIntentRecord>();

  private constructor(
    private readonly server: http.Server,
    /** `http://127.0.0.1:PORT`, for STRIPE_API_BASE. */
    readonly url: string,
    now: Date,
  ) {
    this.clock = Math.floor(now.getTime() / 1000);
  }

  /** Starts a fake on a free port of 127.0.0.1. `now` sets its clock (default: the real time). */
  static async start(options: { now?: Date } = {}): Promise<FakeStripe> {
    let fake: FakeStripe | undefined;
    const server = http.createServer((req, res) => {
      fake!.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: `fake Stripe crashed: ${String(error)}` } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    fake = new FakeStripe(server, `http://127.0.0.1:${port}`, options.now ?? new Date());
    return fake;
  }

  /** Stops the server, dropping any connection held open by a timeout fault. */
  async close(): Promise<void> {
    for (const socket of this.hanging) socket.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  // --- controls for tests -------------------------------------------------------------------

  /** The fake's clock. */
  now(): Date {
    return new Date(this.clock * 1000);
  }

  /** Moves the clock forward; holds whose `capture_before` passes lapse. */
  advanceTime(seconds: number): void {
    this.clock += Math.floor(seconds);
    this.expireHolds();
  }

  /** Scripts a fault for the next request (or the next one matching `fault.request`); faults queue. */
  failNext(fault: Fault): void {
    this.faults.push(fault);
  }

  /** Requests whose path starts with `pathPrefix` (and of `method`, if given). */
  requestsTo(pathPrefix: string, method?: string): RecordedRequest[] {
    return this.requests.filter((r) => r.path.startsWith(pathPrefix) && (!method || r.method === method));
  }

  clearRequests(): void {
    this.requests.length = 0;
  }

  /** Makes an unattached PaymentMethod for a test card, as Stripe.js does in the browser. */
  createPaymentMethod(card: TestCardName = 'visa', expiry?: { expMonth: number; expYear: number }): string {
    const method = this.clonePaymentMethod(card);
    if (expiry) Object.assign(method.card, expiry);
    return method.id;
  }

  /**
   * Finishes 3-D Secure for a PaymentIntent or SetupIntent waiting in `requires_action`, as the
   * customer would in the browser. `succeed: false` fails the authentication instead.
   */
  authenticate(intentId: string, options: { succeed?: boolean } = {}): void {
    const succeed = options.succeed ?? true;
    if (intentId.startsWith('seti_')) {
      const intent = this.setupIntents.get(intentId);
      if (intent?.status !== 'requires_action') throw new Error(`${intentId} does not require action`);
      if (succeed) {
        intent.status = 'succeeded';
        this.paymentMethods.get(intent.paymentMethod!)!.customer = intent.customer;
      } else {
        intent.status = 'requires_payment_method';
        intent.lastSetupError = this.authenticationFailure(intent.paymentMethod!);
      }
      return;
    }
    const intent = this.intents.get(intentId);
    if (intent?.status !== 'requires_action') throw new Error(`${intentId} does not require action`);
    if (succeed) this.authorize(intent, this.paymentMethods.get(intent.paymentMethod!)!);
    else {
      intent.status = 'requires_payment_method';
      intent.lastPaymentError = this.authenticationFailure(intent.paymentMethod!);
    }
  }

  /** The PaymentIntent as the API shows it (latest_charge expanded). */
  paymentIntent(id: string): Json {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`no PaymentIntent ${id}`);
    return this.renderIntent(intent, ['latest_charge']);
  }

  /** All PaymentIntents, oldest first (latest_charge expanded). */
  allPaymentIntents(): Json[] {
    return [...this.intents.values()].map((intent) => this.renderIntent(intent, ['latest_charge']));
  }

  /** All SetupIntents, oldest first. */
  allSetupIntents(): Json[] {
    return [...this.setupIntents.values()].map((intent) => this.renderSetupIntent(intent));
  }

  /** All refunds of a PaymentIntent, oldest first, including releases of uncaptured amounts. */
  refundsOf(paymentIntentId: string): Json[] {
    return [...this.refunds.values()].filter((r) => r.paymentIntent === paymentIntentId).map((r) => this.renderRefund(r));
  }

  /**
   * A Stripe event (docs.stripe.com/api/events/object) about an object as it is now, unexpanded,
   * as Stripe would post it to a webhook endpoint: `event('payment_intent.succeeded', 'pi_…')`,
   * `event('charge.refunded', 'ch_…')`, `event('setup_intent.succeeded', 'seti_…')`.
   */
  event(type: string, objectId: string, options: { id?: string } = {}): Json {
    return {
      id: options.id ?? newId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: this.clock,
      data: { object: this.renderById(objectId) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  // --- HTTP ---------------------------------------------------------------------------------

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const recorded: RecordedRequest = {
      method,
      path: url.pathname,
      body: parseStripeForm(rawBody),
      query: parseStripeForm(url.search.slice(1)),
      idempotencyKey,
      replayed: false,
    };
    this.requests.push(recorded);

    const send = (status: number, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req'), ...headers });
      res.end(body);
    };
    const sendError = (failure: StripeFailure) => send(failure.status, JSON.stringify({ error: failure.error }, null, 2));

    if (!/^Bearer (sk|rk)_test_/.test(req.headers.authorization ?? '')) {
      return sendError(new StripeFailure(401, { type: 'invalid_request_error', message: 'You did not provide a valid test API key.' }));
    }

    const faultIndex = this.faults.findIndex((f) => !f.request || f.request === `${method} ${url.pathname}`);
    const fault = faultIndex < 0 ? undefined : this.faults.splice(faultIndex, 1)[0];
    if (fault?.kind === 'error') {
      return sendError(new StripeFailure(fault.status, fault.error ?? { type: 'api_error', message: 'An unknown error occurred' }));
    }
    if (fault?.kind === 'timeout' && fault.processed === false) return this.hang(req);

    const savedKey = method === 'POST' && idempotencyKey ? idempotencyKey : null;
    const fingerprint = `${method} ${url.pathname} ${rawBody}`;
    const previous = savedKey ? this.saved.get(savedKey) : undefined;
    if (previous) {
      if (previous.fingerprint !== fingerprint) {
        return sendError(
          new StripeFailure(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${savedKey}' if you meant to execute a different request.`,
          }),
        );
      }
      recorded.replayed = true;
      if (fault?.kind === 'timeout') return this.hang(req);
      return send(previous.status, previous.body, { 'Idempotent-Replayed': 'true' });
    }

    this.expireHolds();
    let status: number;
    let body: string;
    try {
      const result = this.route(method, url.pathname, method === 'GET' ? recorded.query : recorded.body);
      status = 200;
      body = JSON.stringify(result, null, 2);
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      status = error.status;
      body = JSON.stringify({ error: error.error }, null, 2);
    }
    if (savedKey && (status < 400 || status === 402)) this.saved.set(savedKey, { fingerprint, status, body });
    if (fault?.kind === 'timeout') return this.hang(req);
    send(status, body);
  }

  /** Holds the connection open without answering until the client gives up or the fake closes. */
  private hang(req: http.IncomingMessage) {
    this.hanging.add(req.socket);
    req.socket.once('close', () => this.hanging.delete(req.socket));
  }

  private route(method: string, path: string, params: FormParams): Json {
    const parts = path.split('/').filter(Boolean);
    if (parts[0] !== 'v1') throw missing('route', path);
    const [, resource, id, action] = parts;
    const key = `${method} ${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}`;
    switch (key) {
      case 'POST customers':
        return this.createCustomer(params);
      case 'GET customers/:id':
        return this.renderCustomer(this.customers.get(id!) ?? this.fail(missing('customer', id!, 'id')));
      case 'GET payment_methods':
        return this.listPaymentMethods(params);
      case 'GET payment_methods/:id':
        return this.renderPaymentMethod(this.resolvePaymentMethod(id!, 'id'));
      case 'POST payment_methods/:id':
        return this.updatePaymentMethod(this.paymentMethods.get(id!) ?? this.fail(missing('payment_method', id!, 'payment_method')), params);
      case 'POST payment_methods/:id/detach':
        return this.detachPaymentMethod(this.paymentMethods.get(id!) ?? this.fail(missing('payment_method', id!, 'payment_method')));
      case 'POST payment_intents':
        return this.createPaymentIntent(params);
      case 'GET payment_intents':
        return this.list([...this.intents.values()], params, (intent, expand) => this.renderIntent(intent, expand));
      case 'GET payment_intents/:id':
        return this.renderIntent(this.findIntent(id!), expansions(params));
      case 'POST payment_intents/:id/capture':
        return this.capture(this.findIntent(id!), params);
      case 'POST payment_intents/:id/cancel':
        return this.cancel(this.findIntent(id!), params);
      case 'GET charges/:id':
        return this.renderCharge(this.charges.get(id!) ?? this.fail(missing('charge', id!, 'id')));
      case 'POST refunds':
        return this.createRefund(params);
      case 'GET refunds': {
        const intentId = text(params, 'payment_intent');
        const refunds = [...this.refunds.values()].filter((r) => !intentId || r.paymentIntent === intentId);
        return this.list(refunds, params, (refund) => this.renderRefund(refund));
      }
      case 'POST setup_intents':
        return this.createSetupIntent(params);
      case 'GET setup_intents/:id':
        return this.renderSetupIntent(this.setupIntents.get(id!) ?? this.fail(missing('setup_intent', id!, 'intent')));
      default:
        throw new StripeFailure(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
    }
  }

  private fail(failure: StripeFailure): never {
    throw failure;
  }

  // --- customers and payment methods -------------------------------------------------------

  private createCustomer(params: FormParams): Json {
    const customer: CustomerRecord = { id: newId('cus'), email: text(params, 'email') ?? null, metadata: object(params, 'metadata'), created: this.clock };
    this.customers.set(customer.id, customer);
    return this.renderCustomer(customer);
  }

  private clonePaymentMethod(name: TestCardName): PaymentMethodRecord {
    const template = TEST_CARDS[name];
    const method: PaymentMethodRecord = {
      id: newId('pm'),
      card: { ...template, expMonth: 12, expYear: new Date(this.clock * 1000).getUTCFullYear() + 3, fingerprint: `fp_${name}` },
      customer: null,
      created: this.clock,
      metadata: {},
      detached: false,
    };
    this.paymentMethods.set(method.id, method);
    return method;
  }

  /** A stored PaymentMethod, or a fresh one for a `pm_card_<name>` test token. */
  private resolvePaymentMethod(id: string, param: string): PaymentMethodRecord {
    const token = /^pm_card_(\w+)$/.exec(id)?.[1];
    if (token && token in TEST_CARDS) return this.clonePaymentMethod(token as TestCardName);
    return this.paymentMethods.get(id) ?? this.fail(missing('PaymentMethod', id, param));
  }

  /** A customer's attached PaymentMethods of a type, newest first (api/payment_methods/customer_list). */
  private listPaymentMethods(params: FormParams): Json {
    const customer = text(params, 'customer');
    if (!customer) throw invalidRequest('Missing required param: customer.', { code: 'parameter_missing', param: 'customer' });
    if (!this.customers.has(customer)) throw missing('customer', customer, 'customer');
    const type = text(params, 'type');
    const methods = [...this.paymentMethods.values()].filter((m) => m.customer === customer && (!type || type === 'card'));
    return this.list(methods, params, (method) => this.renderPaymentMethod(method));
  }

  /** Updates a saved card's expiry and metadata (api/payment_methods/update: `card[exp_month]`, `card[exp_year]`, `metadata`; attached cards only). */
  private updatePaymentMethod(method: PaymentMethodRecord, params: FormParams): Json {
    if (!method.customer) throw invalidRequest('You must save this PaymentMethod to a customer before you can update it.', { code: 'payment_method_unexpected_state' });
    const card = object(params, 'card');
    const expMonth = integer(card, 'exp_month', false);
    const expYear = integer(card, 'exp_year', false);
    if (expMonth !== undefined) method.card.expMonth = expMonth;
    if (expYear !== undefined) method.card.expYear = expYear;
    method.metadata = { ...method.metadata, ...object(params, 'metadata') };
    return this.renderPaymentMethod(method);
  }

  /** Detaches a PaymentMethod from its customer, for good (api/payment_methods/detach). */
  private detachPaymentMethod(method: PaymentMethodRecord): Json {
    if (!method.customer) {
      throw invalidRequest('The payment method you provided is not attached to a customer so detachment is impossible.', { code: 'payment_method_unexpected_state' });
    }
    method.customer = null;
    method.detached = true;
    return this.renderPaymentMethod(method);
  }

  private checkConfirmable(params: FormParams, customer: string | null, method: PaymentMethodRecord) {
    if (method.detached) {
      throw invalidRequest('The provided PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.', { param: 'payment_method' });
    }
    if (method.customer && method.customer !== customer) {
      throw invalidRequest(`The provided PaymentMethod ${method.id} belongs to another Customer.`, { param: 'payment_method' });
    }
    const automatic = object(params, 'automatic_payment_methods');
    if (text(automatic, 'allow_redirects') !== 'never' && !text(params, 'return_url')) {
      throw invalidRequest(
        'This PaymentIntent is configured to accept payment methods enabled in your Dashboard. Because some of these payment methods might redirect your customer off of your page, you must provide a `return_url`. If you don\'t want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never`.',
      );
    }
  }

  private authenticationFailure(paymentMethod: string): Json {
    return {
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      payment_method: this.renderPaymentMethod(this.paymentMethods.get(paymentMethod)!),
    };
  }

  // --- payment intents ----------------------------------------------------------------------

  private findIntent(id: string): PaymentIntentRecord {
    return this.intents.get(id) ?? this.fail(missing('payment_intent', id, 'intent'));
  }

  private createPaymentIntent(params: FormParams): Json {
    const amount = integer(params, 'amount', true)!;
    const currency = text(params, 'currency');
    if (!currency) throw invalidRequest('Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
    if (amount < 50) throw invalidRequest('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
    const customer = text(params, 'customer') ?? null;
    if (customer && !this.customers.has(customer)) throw missing('customer', customer, 'customer');
    const offSession = flag(params, 'off_session');
    const confirm = flag(params, 'confirm');
    if (offSession && !confirm) throw invalidRequest('off_session can only be used with confirm=true.', { param: 'off_session' });
    const methodId = text(params, 'payment_method');
    const method = methodId ? this.resolvePaymentMethod(methodId, 'payment_method') : null;
    if (confirm && !method) throw invalidRequest('You cannot confirm this PaymentIntent because it\'s missing a payment method.', { code: 'payment_intent_unexpected_state' });
    if (confirm) this.checkConfirmable(params, customer, method!);

    const created = this.clock;
    const id = newId('pi');
    const intent: PaymentIntentRecord = {
      id,
      amount,
      amountCapturable: 0,
      amountReceived: 0,
      currency,
      status: 'requires_payment_method',
      captureMethod: text(params, 'capture_method') === 'manual' ? 'manual' : 'automatic',
      customer,
      paymentMethod: method?.id ?? null,
      setupFutureUsage: text(params, 'setup_future_usage') ?? null,
      offSession,
      metadata: object(params, 'metadata'),
      created,
      canceledAt: null,
      cancellationReason: null,
      lastPaymentError: null,
      latestCharge: null,
      clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      automaticPaymentMethods: Object.keys(object(params, 'automatic_payment_methods')).length ? object(params, 'automatic_payment_methods') : { enabled: true, allow_redirects: 'always' },
    };
    this.intents.set(id, intent);
    if (confirm) this.confirm(intent, method!);
    return this.renderIntent(intent, expansions(params));
  }

  /** Runs the card: authorizes, declines (402), or asks for 3-D Secure. */
  private confirm(intent: PaymentIntentRecord, method: PaymentMethodRecord) {
    const behaviour = method.card.behaviour;
    if (behaviour === 'authenticate' && !intent.offSession) {
      intent.status = 'requires_action';
      return;
    }
    if (behaviour === 'approve') return this.authorize(intent, method);
    const decline = DECLINES[behaviour];
    const charge = this.newCharge(intent, method, 'failed');
    charge.failureCode = decline.code;
    charge.failureMessage = decline.message;
    const error: Json = {
      type: 'card_error',
      code: decline.code,
      decline_code: decline.declineCode,
      message: decline.message,
      charge: charge.id,
      doc_url: `https://stripe.com/docs/error-codes/${decline.code.replace(/_/g, '-')}`,
      payment_method: this.renderPaymentMethod(method),
    };
    intent.lastPaymentError = error;
    intent.status = 'requires_payment_method';
    throw new StripeFailure(402, { ...error, payment_intent: this.renderIntent(intent, []) });
  }

  private authorize(intent: PaymentIntentRecord, method: PaymentMethodRecord) {
    const charge = this.newCharge(intent, method, 'succeeded');
    if (intent.captureMethod === 'manual') {
      const merchantInitiatedVisa = intent.offSession && method.card.brand === 'visa';
      charge.captureBefore = charge.created + (merchantInitiatedVisa ? VISA_MERCHANT_INITIATED_HOLD_SECONDS : CUSTOMER_PRESENT_HOLD_SECONDS);
      intent.status = 'requires_capture';
      intent.amountCapturable = intent.amount;
    } else {
      charge.captured = true;
      charge.amountCaptured = intent.amount;
      intent.status = 'succeeded';
      intent.amountReceived = intent.amount;
    }
    intent.lastPaymentError = null;
    if (intent.setupFutureUsage && intent.customer) method.customer = intent.customer;
  }

  private newCharge(intent: PaymentIntentRecord, method: PaymentMethodRecord, status: ChargeRecord['status']): ChargeRecord {
    const charge: ChargeRecord = {
      id: newId('ch'),
      amount: intent.amount,
      amountCaptured: 0,
      amountRefunded: 0,
      captured: false,
      status,
      paymentIntent: intent.id,
      paymentMethod: method.id,
      customer: intent.customer,
      metadata: { ...intent.metadata },
      created: this.clock,
      captureBefore: null,
      failureCode: null,
      failureMessage: null,
    };
    this.charges.set(charge.id, charge);
    intent.latestCharge = charge.id;
    return charge;
  }

  private unexpectedState(intent: PaymentIntentRecord, action: string): StripeFailure {
    return invalidRequest(`This PaymentIntent could not be ${action} because it has a status of ${intent.status}.`, {
      code: 'payment_intent_unexpected_state',
      payment_intent: this.renderIntent(intent, []),
    });
  }

  private capture(intent: PaymentIntentRecord, params: FormParams): Json {
    if (intent.status !== 'requires_capture') throw this.unexpectedState(intent, 'captured');
    const amount = integer(params, 'amount_to_capture', false) ?? intent.amountCapturable;
    if (amount > intent.amountCapturable) {
      throw invalidRequest('The amount to capture must be less than or equal to the amount capturable.', { code: 'amount_too_large', param: 'amount_to_capture' });
    }
    const charge = this.charges.get(intent.latestCharge!)!;
    charge.captured = true;
    charge.amountCaptured = amount;
    intent.status = 'succeeded';
    intent.amountReceived = amount;
    intent.amountCapturable = 0;
    if (amount < charge.amount) this.release(charge, charge.amount - amount);
    return this.renderIntent(intent, expansions(params));
  }

  private cancel(intent: PaymentIntentRecord, params: FormParams): Json {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw invalidRequest(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        { code: 'payment_intent_unexpected_state', payment_intent: this.renderIntent(intent, []) },
      );
    }
    this.cancelIntent(intent, text(params, 'cancellation_reason') ?? null);
    return this.renderIntent(intent, expansions(params));
  }

  private cancelIntent(intent: PaymentIntentRecord, reason: string | null) {
    if (intent.status === 'requires_capture') this.release(this.charges.get(intent.latestCharge!)!, intent.amountCapturable);
    intent.status = 'canceled';
    intent.cancellationReason = reason;
    intent.canceledAt = this.clock;
    intent.amountCapturable = 0;
  }

  /** Releases an uncaptured amount, which Stripe reports as a refund of it. */
  private release(charge: ChargeRecord, amount: number) {
    charge.amountRefunded += amount;
    const refund: RefundRecord = { id: newId('re'), amount, charge: charge.id, paymentIntent: charge.paymentIntent, status: 'succeeded', reason: null, metadata: {}, created: this.clock };
    this.refunds.set(refund.id, refund);
  }

  /** Holds lapse at capture_before: Stripe cancels them with cancellation_reason `automatic`. */
  private expireHolds() {
    for (const intent of this.intents.values()) {
      if (intent.status !== 'requires_capture') continue;
      const charge = this.charges.get(intent.latestCharge!)!;
      if (charge.captureBefore !== null && charge.captureBefore <= this.clock) this.cancelIntent(intent, 'automatic');
    }
  }

  // --- refunds ------------------------------------------------------------------------------

  private createRefund(params: FormParams): Json {
    const intentId = text(params, 'payment_intent');
    const chargeId = text(params, 'charge');
    let charge: ChargeRecord | undefined;
    if (intentId) {
      const intent = this.intents.get(intentId) ?? this.fail(missing('payment_intent', intentId, 'payment_intent'));
      if (intent.status !== 'succeeded') {
        throw invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, { code: 'charge_not_refundable', param: 'payment_intent' });
      }
      charge = this.charges.get(intent.latestCharge!);
    } else if (chargeId) {
      charge = this.charges.get(chargeId) ?? this.fail(missing('charge', chargeId, 'charge'));
    } else {
      throw invalidRequest('One of the following params should be provided for this request: payment_intent or charge.', { code: 'parameter_missing' });
    }
    const refundable = charge!.amountCaptured - this.moneyRefunded(charge!);
    if (refundable <= 0) throw invalidRequest(`Charge ${charge!.id} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = integer(params, 'amount', false) ?? refundable;
    if (amount > refundable) {
      throw invalidRequest(`Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(refundable / 100).toFixed(2)})`, { code: 'amount_too_large', param: 'amount' });
    }
    charge!.amountRefunded += amount;
    const refund: RefundRecord = {
      id: newId('re'),
      amount,
      charge: charge!.id,
      paymentIntent: charge!.paymentIntent,
      status: 'succeeded',
      reason: text(params, 'reason') ?? null,
      metadata: object(params, 'metadata'),
      created: this.clock,
    };
    this.refunds.set(refund.id, refund);
    return this.renderRefund(refund);
  }

  /** What went back to the card, not counting released uncaptured amounts. */
  private moneyRefunded(charge: ChargeRecord) {
    return charge.amountRefunded - (charge.amount - charge.amountCaptured);
  }

  // --- setup intents ------------------------------------------------------------------------

  private createSetupIntent(params: FormParams): Json {
    const customer = text(params, 'customer') ?? null;
    if (customer && !this.customers.has(customer)) throw missing('customer', customer, 'customer');
    const methodId = text(params, 'payment_method');
    const method = methodId ? this.resolvePaymentMethod(methodId, 'payment_method') : null;
    const confirm = flag(params, 'confirm');
    if (confirm && method) this.checkConfirmable(params, customer, method);
    const id = newId('seti');
    const intent: SetupIntentRecord = {
      id,
      customer,
      paymentMethod: method?.id ?? null,
      status: 'requires_payment_method',
      usage: text(params, 'usage') ?? 'off_session',
      metadata: object(params, 'metadata'),
      created: this.clock,
      clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      lastSetupError: null,
      automaticPaymentMethods: object(params, 'automatic_payment_methods'),
    };
    this.setupIntents.set(id, intent);
    if (confirm && method) {
      const behaviour = method.card.behaviour;
      if (behaviour === 'approve') {
        intent.status = 'succeeded';
        method.customer = customer;
      } else if (behaviour === 'authenticate') {
        intent.status = 'requires_action';
      } else {
        const decline = DECLINES[behaviour];
        const error: Json = { type: 'card_error', code: decline.code, decline_code: decline.declineCode, message: decline.message, payment_method: this.renderPaymentMethod(method) };
        intent.lastSetupError = error;
        throw new StripeFailure(402, { ...error, setup_intent: this.renderSetupIntent(intent) });
      }
    }
    return this.renderSetupIntent(intent);
  }

  // --- rendering ----------------------------------------------------------------------------

  private list<T extends { id: string; created: number }>(items: T[], params: FormParams, render: (item: T, expand: string[]) => Json): Json {
    const created = object(params, 'created');
    const gte = integer(created, 'gte', false);
    const lt = integer(created, 'lt', false);
    const limit = Math.min(integer(params, 'limit', false) ?? 10, 100);
    // Newest first; insertion order breaks ties within a second.
    let sorted = items
      .map((item, index) => ({ item, index }))
      .filter(({ item }) => (gte === undefined || item.created >= gte) && (lt === undefined || item.created < lt))
      .sort((a, b) => b.item.created - a.item.created || b.index - a.index)
      .map(({ item }) => item);
    const after = text(params, 'starting_after');
    if (after) sorted = sorted.slice(sorted.findIndex((item) => item.id === after) + 1);
    const expand = expansions(params)
      .filter((path) => path.startsWith('data.'))
      .map((path) => path.slice('data.'.length));
    return { object: 'list', data: sorted.slice(0, limit).map((item) => render(item, expand)), has_more: sorted.length > limit, url: '/v1/list' };
  }

  private renderById(id: string): Json {
    if (id.startsWith('pi_')) return this.renderIntent(this.findIntent(id), []);
    if (id.startsWith('ch_')) return this.renderCharge(this.charges.get(id) ?? this.fail(missing('charge', id)));
    if (id.startsWith('seti_')) return this.renderSetupIntent(this.setupIntents.get(id) ?? this.fail(missing('setup_intent', id)));
    if (id.startsWith('re_')) return this.renderRefund(this.refunds.get(id) ?? this.fail(missing('refund', id)));
    throw new Error(`cannot render ${id}`);
  }

  private renderCustomer(customer: CustomerRecord): Json {
    return { id: customer.id, object: 'customer', email: customer.email, metadata: customer.metadata, created: customer.created, livemode: false, invoice_settings: { default_payment_method: null } };
  }

  private renderPaymentMethod(method: PaymentMethodRecord): Json {
    return {
      id: method.id,
      object: 'payment_method',
      type: 'card',
      allow_redisplay: 'unspecified',
      billing_details: { address: null, email: null, name: null, phone: null },
      card: {
        brand: method.card.brand,
        last4: method.card.last4,
        exp_month: method.card.expMonth,
        exp_year: method.card.expYear,
        fingerprint: method.card.fingerprint,
        funding: 'credit',
        country: 'US',
        display_brand: method.card.brand,
        networks: { available: [method.card.brand], preferred: null },
      },
      customer: method.customer,
      created: method.created,
      livemode: false,
      metadata: method.metadata,
    };
  }

  private renderCharge(charge: ChargeRecord): Json {
    const method = this.paymentMethods.get(charge.paymentMethod)!;
    return {
      id: charge.id,
      object: 'charge',
      amount: charge.amount,
      amount_captured: charge.amountCaptured,
      amount_refunded: charge.amountRefunded,
      captured: charge.captured,
      refunded: charge.amountRefunded >= charge.amount,
      paid: charge.status === 'succeeded',
      status: charge.status,
      currency: 'usd',
      customer: charge.customer,
      payment_intent: charge.paymentIntent,
      payment_method: charge.paymentMethod,
      metadata: charge.metadata,
      created: charge.created,
      livemode: false,
      failure_code: charge.failureCode,
      failure_message: charge.failureMessage,
      outcome: {
        network_status: charge.status === 'succeeded' ? 'approved_by_network' : 'declined_by_network',
        type: charge.status === 'succeeded' ? 'authorized' : 'issuer_declined',
        seller_message: charge.status === 'succeeded' ? 'Payment complete.' : 'The bank did not return any further details with this decline.',
      },
      payment_method_details: {
        type: 'card',
        card: {
          brand: method.card.brand,
          last4: method.card.last4,
          exp_month: method.card.expMonth,
          exp_year: method.card.expYear,
          funding: 'credit',
          country: 'US',
          ...(charge.captureBefore !== null ? { capture_before: charge.captureBefore } : {}),
        },
      },
    };
  }

  private renderIntent(intent: PaymentIntentRecord, expand: string[]): Json {
    const charge = intent.latestCharge ? this.charges.get(intent.latestCharge)! : null;
    const method = intent.paymentMethod ? this.paymentMethods.get(intent.paymentMethod)! : null;
    return {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      amount_capturable: intent.amountCapturable,
      amount_received: intent.amountReceived,
      automatic_payment_methods: intent.automaticPaymentMethods,
      canceled_at: intent.canceledAt,
      cancellation_reason: intent.cancellationReason,
      capture_method: intent.captureMethod,
      client_secret: intent.clientSecret,
      confirmation_method: 'automatic',
      created: intent.created,
      currency: intent.currency,
      customer: intent.customer,
      description: null,
      last_payment_error: intent.lastPaymentError,
      latest_charge: charge && expand.includes('latest_charge') ? this.renderCharge(charge) : (charge?.id ?? null),
      livemode: false,
      metadata: intent.metadata,
      next_action: intent.status === 'requires_action' ? { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: 'https://hooks.stripe.com/fake' } } : null,
      payment_method: method && expand.includes('payment_method') ? this.renderPaymentMethod(method) : (method?.id ?? null),
      payment_method_types: ['card'],
      setup_future_usage: intent.setupFutureUsage,
      status: intent.status,
    };
  }

  private renderRefund(refund: RefundRecord): Json {
    return {
      id: refund.id,
      object: 'refund',
      amount: refund.amount,
      charge: refund.charge,
      payment_intent: refund.paymentIntent,
      currency: 'usd',
      status: refund.status,
      reason: refund.reason,
      metadata: refund.metadata,
      created: refund.created,
    };
  }

  private renderSetupIntent(intent: SetupIntentRecord): Json {
    return {
      id: intent.id,
      object: 'setup_intent',
      automatic_payment_methods: intent.automaticPaymentMethods,
      cancellation_reason: null,
      client_secret: intent.clientSecret,
      created: intent.created,
      customer: intent.customer,
      last_setup_error: intent.lastSetupError,
      livemode: false,
      metadata: intent.metadata,
      next_action: intent.status === 'requires_action' ? { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } } : null,
      payment_method: intent.paymentMethod,
      payment_method_types: ['card'],
      status: intent.status,
      usage: intent.usage,
    };
  }
}
