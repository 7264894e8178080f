/**
 * LISTEN on a PostgreSQL server over one dedicated `pg.Client` (a pooled connection would be
 * handed to other queries and lose the LISTEN). When the connection errors or ends (server
 * restart, network drop, pg_terminate_backend) it reconnects with backoff and LISTENs again;
 * notifications sent while disconnected are lost, as PostgreSQL does not queue them for a
 * listener that is gone.
 */
import pg from 'pg';
import type { Logger } from '../lib/logger';

/** 500 ms, 1 s, 2 s, ... capped at 30 s. */
export const defaultReconnectDelayMs = (attempt: number) => Math.min(30_000, 500 * 2 ** attempt);

export class PostgresListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private attempt = 0;
  private timer: NodeJS.Timeout | null = null;

  private readonly channels: readonly string[];
  /** The channels, for log lines. */
  private readonly channel: string;

  /**
   * @param connectionString a postgres:// URL
   * @param channel an SQL identifier (quoted on use), or several, all LISTENed on this one connection
   * @param onPayload called with each notification's payload text and its channel
   * @param onConnection called with false when an established connection is lost, and with true
   *   when a reconnect has LISTENed again (not for the first connect)
   */
  constructor(
    private readonly connectionString: string,
    channel: string | readonly string[],
    private readonly onPayload: (payload: string, channel: string) => void,
    private readonly logger: Logger,
    private readonly reconnectDelayMs: (attempt: number) => number = defaultReconnectDelayMs,
    private readonly onConnection: (connected: boolean) => void = () => {},
  ) {
    this.channels = typeof channel === 'string' ? [channel] : [...channel];
    this.channel = this.channels.join(',');
  }

  /** True while a LISTEN connection is up. */
  get connected(): boolean {
    return this.client !== null;
  }

  /**
   * Connects and LISTENs.
   * @throws the connection or query error of the first attempt (later drops reconnect on their own)
   */
  async start(): Promise<void> {
    await this.connect();
  }

  /** Ends the connection and any pending reconnect. Idempotent. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, keepAlive: true, application_name: 'handyman-realtime' });
    client.on('notification', (message) => {
      if (this.channels.includes(message.channel) && message.payload !== undefined) this.onPayload(message.payload, message.channel);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    try {
      await client.connect();
      for (const channel of this.channels) await client.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.attempt = 0;
  }

  private lost(client: pg.Client, error: unknown) {
    if (this.stopped || client !== this.client) return;
    this.client = null;
    this.logger.warn({ err: error ?? undefined, channel: this.channel }, 'realtime: the LISTEN connection was lost; reconnecting');
    client.end().catch(() => {});
    this.onConnection(false);
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.stopped || this.timer) return;
    const delay = this.reconnectDelayMs(this.attempt++);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.stopped) return;
      this.connect().then(
        () => {
          if (this.stopped) return;
          this.logger.info({ channel: this.channel }, 'realtime: LISTEN connection restored');
          this.onConnection(true);
        },
        (error: unknown) => {
          this.logger.warn({ err: error, channel: this.channel, attempt: this.attempt }, 'realtime: reconnect failed');
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.timer.unref();
  }
}
