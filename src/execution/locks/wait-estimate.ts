/**
 * How long a work will wait for the works ahead of it on the same files (issue 19 "Waiting without
 * burning budget"). Pure: the graph side (`LockService.holdStats`) supplies how long recent works held
 * their leases and the ahead works' live leases. Honest by construction:
 * - with at least `MIN_SAMPLES` measured holds, a holder is expected to finish at the median hold
 *   time after it took its first lease (`basis: 'measured'`); a holder already past the median, or
 *   no measurements, falls back to its lease expiry — an upper bound only while it does not renew
 *   (each mutation renews), so the answer says "up to" (`upTo: true`);
 * - holders run in parallel (the longest counts); each work ahead that holds nothing yet (queued
 *   behind them) adds one median hold, or one full lease (`leaseSeconds`) when nothing is measured.
 */
export interface WaitEstimate {
  /** Estimated milliseconds until this work can take the leases (≥ 0). */
  estimatedMs: number;
  /** true: an upper bound (a lease expiry), not a typical time. */
  upTo: boolean;
  basis: 'measured' | 'lease_expiry';
  /** Median hold time of the recent measured works; null when too few were measured. */
  typicalHoldMs: number | null;
  samples: number;
  /** One sentence: how the number was derived. */
  how: string;
}

export interface HeldLeases {
  workId: string;
  acquiredAt: string | null;
  expiresAt: string | null;
}

export const MIN_SAMPLES = 3;
/** Bounds of the suggested retry delay: a retry is cheap, but not free. */
export const RETRY_AFTER_MIN_MS = 2_000;
export const RETRY_AFTER_MAX_MS = 60_000;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

const seconds = (ms: number): string => `${Math.round(ms / 1000)} s`;
const time = (iso: string | null): number | null => {
  const t = iso === null ? NaN : Date.parse(iso);
  return Number.isFinite(t) ? t : null;
};

export function estimateWait(input: { now: Date; ahead: readonly string[]; held: readonly HeldLeases[]; holdMs: readonly number[]; leaseSeconds: number }): WaitEstimate {
  const now = input.now.getTime();
  const samples = input.holdMs.filter((ms) => Number.isFinite(ms) && ms >= 0);
  const typical = samples.length >= MIN_SAMPLES ? median(samples) : null;
  const byWork = new Map(input.held.map((h) => [h.workId, h]));
  let holding = 0;
  let queued = 0;
  let upTo = false;
  for (const workId of input.ahead) {
    const lease = byWork.get(workId);
    const expires = time(lease?.expiresAt ?? null);
    if (expires === null) {
      queued += typical ?? input.leaseSeconds * 1000;
      if (typical === null) upTo = true;
      continue;
    }
    const toExpiry = Math.max(0, expires - now);
    const acquired = time(lease?.acquiredAt ?? null);
    const expected = typical !== null && acquired !== null ? typical - (now - acquired) : null;
    if (expected !== null && expected > 0) holding = Math.max(holding, Math.min(expected, toExpiry));
    else {
      holding = Math.max(holding, toExpiry);
      upTo = true;
    }
  }
  const estimatedMs = Math.round(holding + queued);
  const how = typical === null
    ? `up to the holders' lease expiry${queued > 0 ? ` plus ${input.leaseSeconds} s per work queued ahead` : ''}; fewer than ${MIN_SAMPLES} finished works measured here`
    : `median hold of the last ${samples.length} works here (${seconds(typical)}) minus what the holder already held${upTo ? ', up to its lease expiry where it is past that' : ''}`;
  return { estimatedMs, upTo, basis: typical === null ? 'lease_expiry' : 'measured', typicalHoldMs: typical, samples: samples.length, how };
}

/**
 * Between two probes of a wait whose length is unknown (`upTo`), per work ahead. Found by the K=8 soak:
 * advising the bound (60 s) left every waiting agent idle for ~55 s after each holder finished
 * (8 works took 277 s, the machine >80 % idle), while a retry costs one small turn.
 */
export const PROBE_MS_PER_WORK_AHEAD = 10_000;

/**
 * The suggested delay before a cheap retry, bounded to [2 s, 60 s]: a measured estimate as it is; an
 * upper bound only (`upTo`) is probed sooner, spaced by place in line (`worksAhead`), so the first
 * in line notices a release within ~10 s and the waiting works do not all retry at the same moment.
 */
export function retryAfterMs(estimate: Pick<WaitEstimate, 'estimatedMs'> & Partial<Pick<WaitEstimate, 'upTo'>>, worksAhead = 1): number {
  const suggested = estimate.upTo ? Math.min(estimate.estimatedMs, PROBE_MS_PER_WORK_AHEAD * Math.max(1, worksAhead)) : estimate.estimatedMs;
  return Math.min(RETRY_AFTER_MAX_MS, Math.max(RETRY_AFTER_MIN_MS, suggested));
}
