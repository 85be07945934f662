// Nearest rank (the p95 of 20 calls is the 19th, not the slowest); it sorts a copy, and p100 is the maximum.
import { percentile } from '../../src/eval/metrics.js';
import type { CallResult } from './client.js';

/** One call as the harness saw it. */
export interface Sample {
  agent: number;
  verb: string;
  /** The work the caller acts for (its own work, also when a hostile call names another one). */
  workId: string | null;
  process: string;
  ms: number;
  /** Wall-clock end of the call. */
  at: number;
  outcome: string | null;
  denyCode: string | null;
  /** First 160 characters of the deny message (why a wait or a failure happened). */
  denyMessage: string | null;
  traceRef: string | null;
  error: string | null;
  /** Inside a db outage window (stop → start answered). */
  duringOutage: boolean;
}

export interface VerbStats {
  verb: string;
  n: number;
  denied: number;
  p50: number;
  p95: number;
  max: number;
  /** p95 of the calls outside any outage window. */
  p95Steady: number;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** One process start: spawn → `initialize` answered, in ms. */
export interface StartSample {
  agent: number;
  process: string;
  ms: number;
}

/** p50 / p95 / max of process starts, and of the first answer of each agent (its start + its initialize_work). */
export interface StartStats {
  n: number;
  start: { p50: number; p95: number; max: number };
  firstAnswer: { p50: number; p95: number; max: number } | null;
}

/** Every call of the run, in completion order, plus the db outage windows and the process starts. */
export class Recorder {
  readonly samples: Sample[] = [];
  readonly outages: Array<{ from: number; to: number | null }> = [];
  readonly starts: StartSample[] = [];

  /** A process start: what an agent's client waits before its first call (parsers and modules loaded at start count here). */
  recordStart(entry: StartSample): void {
    this.starts.push(entry);
  }

  /** Process starts, and each agent's first answer: its first process's start plus that process's initialize_work. */
  startStats(): StartStats {
    const spread = (list: number[]) => ({ p50: round(percentile(list, 50)), p95: round(percentile(list, 95)), max: round(percentile(list, 100)) });
    const first = this.starts.filter((s) => s.process.endsWith('-p0')).flatMap((s) => {
      const init = this.samples.find((x) => x.process === s.process && x.verb === 'initialize_work' && x.traceRef !== null);
      return init ? [s.ms + init.ms] : [];
    });
    return { n: this.starts.length, start: spread(this.starts.map((s) => s.ms)), firstAnswer: first.length ? spread(first) : null };
  }

  record(entry: { agent: number; verb: string; workId: string | null; process: string } & CallResult): void {
    const at = Date.now();
    this.samples.push({
      agent: entry.agent, verb: entry.verb, workId: entry.workId, process: entry.process, ms: entry.ms, at,
      outcome: entry.res?.outcome ?? null, denyCode: entry.res?.deny?.code ?? null, denyMessage: entry.res?.deny?.message.slice(0, 160) ?? null, traceRef: entry.res?.traceRef ?? null,
      error: entry.error ?? null, duringOutage: this.inOutage(at - entry.ms, at),
    });
  }

  /** The work a call turned out to belong to (initialize_work learns its workId from the answer). */
  attribute(traceRef: string, workId: string): void {
    for (const s of this.samples) if (s.traceRef === traceRef) s.workId = workId;
  }

  private inOutage(from: number, to: number): boolean {
    return this.outages.some((o) => from <= (o.to ?? Number.POSITIVE_INFINITY) && to >= o.from);
  }

  /** The calls the server answered (an envelope came back). */
  answered(): Sample[] {
    return this.samples.filter((s) => s.traceRef !== null);
  }

  verbStats(): VerbStats[] {
    const byVerb = new Map<string, Sample[]>();
    for (const s of this.answered()) byVerb.set(s.verb, [...(byVerb.get(s.verb) ?? []), s]);
    return [...byVerb.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([verb, list]) => {
      const all = list.map((s) => s.ms);
      const steady = list.filter((s) => !s.duringOutage).map((s) => s.ms);
      return {
        verb, n: list.length, denied: list.filter((s) => s.outcome === 'denied').length,
        p50: round(percentile(all, 50)), p95: round(percentile(all, 95)), max: round(percentile(all, 100)), p95Steady: round(percentile(steady, 95)),
      };
    });
  }
}
