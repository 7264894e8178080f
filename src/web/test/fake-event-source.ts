/**
 * A stand-in for the browser's EventSource (jsdom has none) for live-update tests: records every
 * stream opened, and lets a test open it, push a `booking` event, or fail it the way a browser
 * does (`error` while reconnecting, or closed for good).
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';

type Listener = (event: Event) => void;

export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readonly url: string;
  /** Whether the stream was opened with credentials (a cross-origin API in an app build). */
  readonly withCredentials: boolean;
  readyState = FakeEventSource.CONNECTING;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(url: string | URL, init?: EventSourceInit) {
    this.url = String(url);
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: Listener): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  private dispatch(type: string, event: Event): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  /** The server accepted the stream. */
  open(): void {
    this.readyState = FakeEventSource.OPEN;
    act(() => this.dispatch('open', new Event('open')));
  }

  /** The server sent `event: booking` with this data. */
  emitBooking(data: { bookingId: string; type: string; status: string }): void {
    act(() => this.dispatch('booking', new MessageEvent('booking', { data: JSON.stringify(data) })));
  }

  /** The server sent `event: <type>` with this data (e.g. `error_log`, `error_count`), and `id:` when given (a chat message's seq). */
  emit(type: string, data: unknown, { id }: { id?: string } = {}): void {
    act(() => this.dispatch(type, new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id ?? '' })));
  }

  /** The connection failed; `closed` means the browser gives up (e.g. the server answered 401). */
  fail({ closed = false }: { closed?: boolean } = {}): void {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    act(() => this.dispatch('error', new Event('error')));
  }

  /** Streams still open (not closed by the code under test). */
  static open(): FakeEventSource[] {
    return FakeEventSource.instances.filter((source) => source.readyState !== FakeEventSource.CLOSED);
  }

  static latest(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (!source) throw new Error('No EventSource was opened');
    return source;
  }
}

/** Installs the fake as the global EventSource for one test (undo with vi.unstubAllGlobals()). */
export function installFakeEventSource(): typeof FakeEventSource {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource;
}
