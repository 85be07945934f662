import { toAppError } from '../errors/index.js';
import type { Logger } from '../runtime/logger.js';
import type { ObserverService } from './observer.service.js';
import type { TurnEvents } from './stream-events.js';

/** What the hub tells every open stream after each poll. */
export type HubNews =
  /** Turns committed after seq `from` (complete, in commit order). */
  | { kind: 'turns'; from: number; turns: TurnEvents[] }
  | { kind: 'unavailable'; error: { code: string; message: string; retryable: boolean } }
  | { kind: 'available' }
  /** The turn clock went back (the database was wiped or replaced): streams continue from `seq`. */
  | { kind: 'reset'; seq: number }
  /** A poll found nothing: time for heartbeats. */
  | { kind: 'tick' };

export interface EventHubOptions {
  service: ObserverService;
  log: Logger;
  pollMs: number;
  /** Turns read per poll; a full batch is followed by another read at once. */
  batch: number;
}

/** Empty polls between two checks that the turn clock did not go back. */
const CLOCK_CHECK_EVERY = 20;

/**
 * One poll of the graph per console, whatever the number of open streams: while at least one stream
 * listens, reads the turns committed after the newest one it has seen (in commit order) and hands
 * them to every stream; says once when the graph goes away and once when it is back. Idle, it costs
 * one small query per `pollMs`. Streams that are behind (a resuming page) read their gap themselves.
 */
export class EventHub {
  private readonly listeners = new Set<(news: HubNews) => void>();
  private head: number | null = null;
  private down = false;
  private running = false;
  private readonly stop = new AbortController();
  /** Graph reads made by the loop (for tests and the bench). */
  polls = 0;

  constructor(private readonly options: EventHubOptions) {}

  /** Whether the last poll failed (a new stream then waits for `available` before reading). */
  get unavailable(): boolean {
    return this.down;
  }

  /** Starts polling with the first listener; returns the unsubscribe. */
  subscribe(listener: (news: HubNews) => void): () => void {
    this.listeners.add(listener);
    this.start();
    return () => void this.listeners.delete(listener);
  }

  private start(): void {
    if (this.running || this.stop.signal.aborted) return;
    this.running = true;
    void this.loop().finally(() => {
      this.running = false;
      // Idle until the next stream: it starts from the clock then, not from turns nobody was shown.
      this.head = null;
      // A stream that subscribed while the loop was ending.
      if (this.listeners.size > 0) this.start();
    });
  }

  close(): void {
    this.stop.abort();
    this.listeners.clear();
  }

  private publish(news: HubNews): void {
    for (const listener of this.listeners) listener(news);
  }

  private async loop(): Promise<void> {
    const { service, pollMs, batch } = this.options;
    let emptyPolls = 0;
    while (this.listeners.size > 0 && !this.stop.signal.aborted) {
      let full = false;
      try {
        this.head ??= await service.streamPosition();
        const from = this.head;
        const turns = await service.eventsAfter(from, batch);
        this.polls += 1;
        if (this.down) this.publish({ kind: 'available' });
        this.down = false;
        if (turns.length > 0) {
          this.head = turns[turns.length - 1]!.seq;
          emptyPolls = 0;
          this.publish({ kind: 'turns', from, turns });
        } else if (++emptyPolls % CLOCK_CHECK_EVERY === 0) {
          const newest = await service.streamPosition();
          if (newest < from) {
            this.head = newest;
            this.publish({ kind: 'reset', seq: newest });
          }
        }
        full = turns.length === batch;
      } catch (error) {
        const app = toAppError(error);
        if (!this.down) {
          this.options.log.warn('observer event poll failed', { code: app.code });
          this.publish({ kind: 'unavailable', error: { code: app.code, message: app.message, retryable: app.retryable } });
        }
        this.down = true;
      }
      this.publish({ kind: 'tick' });
      if (!full) await sleep(pollMs, this.stop.signal);
    }
  }
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
