/**
 * Fails graph calls at once while the server is known to be away. After a connection failure the
 * breaker is open for `openMs`: every call is refused without touching the network. Then one call
 * is let through as a probe (half-open); its success closes the breaker, its failure re-opens it.
 * A turn makes several queries, so without this each one would wait out its own connection retries.
 */
export class CircuitBreaker {
  private openUntil = 0;
  private probing = false;

  constructor(private readonly openMs: number, private readonly now: () => number = Date.now) {}

  /** Whether a call may go to the server now; `true` for the one probe after the open window. */
  tryAcquire(): { allowed: true; probe: boolean } | { allowed: false; retryAfterMs: number } {
    const now = this.now();
    if (this.openUntil === 0) return { allowed: true, probe: false };
    if (now < this.openUntil) return { allowed: false, retryAfterMs: this.openUntil - now };
    if (this.probing) return { allowed: false, retryAfterMs: this.openMs };
    this.probing = true;
    return { allowed: true, probe: true };
  }

  /** The server answered (a query error counts: it is there): close. */
  succeeded(): void {
    this.openUntil = 0;
    this.probing = false;
  }

  /** A connection failure: (re)open for the window. */
  failed(): void {
    this.openUntil = this.now() + this.openMs;
    this.probing = false;
  }

  /** A probe ended without a verdict (cancelled): the next call probes instead. */
  abandonProbe(): void {
    this.probing = false;
  }

  get isOpen(): boolean {
    return this.openUntil !== 0;
  }
}
