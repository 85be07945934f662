import type { Recorder } from './recorder.js';

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** What happened to the killed agent's work. */
export interface KillRecord {
  agent: number;
  workId: string;
  operationId: string;
  mode: 'timer' | 'failpoint';
  /** timer mode: ms between sending the patch and SIGKILL. */
  delayMs: number | null;
  /** The process died before answering (false: the answer beat the kill, which then landed between turns). */
  diedMidCall: boolean;
  /** A new process retried the same operationId and got the patch applied. */
  resumed: boolean;
  /** Deny codes of the retries before it resumed (or gave up). */
  resumeCodes: string[];
  resumeMs: number;
  /** When the resume gave up: what the same edit under a new operationId answered. */
  freshOperation: string | null;
  /** The Operation's status right after the kill: `running` means the kill landed inside the claim; null, before it. */
  claimAfterKill: string | null;
}

/** Hands the kill fault to the first `count` agents to start patching (under `reject`, the ones the others wait for). */
export class KillCoordinator {
  private readonly claimed = new Set<number>();
  constructor(
    readonly mode: 'timer' | 'failpoint',
    readonly minDelayMs: number,
    readonly maxDelayMs: number,
    /** Bound on the resume: past it the work is reported wedged instead of waited for. */
    readonly resumeTimeoutMs: number,
    readonly count: number,
    /** failpoint mode: the GRAPHGATE_FAILPOINT the restarted process is armed with (a patch:* point). */
    readonly failpoint: string,
    /** Reads the claim's status from the graph (the harness's own connection). */
    readonly claimStatus: (workId: string, operationId: string) => Promise<string | null>,
  ) {}

  /** True once per agent, for the first `count` agents to ask (each asks at every patch). */
  claim(agent: number): boolean {
    if (this.claimed.has(agent) || this.claimed.size >= this.count) return false;
    this.claimed.add(agent);
    return true;
  }
}

/** Stops and starts the soak's own Neo4j (never the `test` or `default` instance). */
export interface DbControl {
  stop(): Promise<void>;
  start(): Promise<void>;
}

export interface DbFaultRecord {
  fired: boolean;
  stopMs: number;
  /** From the stop call to the start call returning (the server was down for at most this long). */
  outageMs: number;
  error: string | null;
}

/** The db fault: after the Nth applied patch of the run, `db stop`, a pause, `db start`; the window is marked on the recorder. */
export class DbFault {
  readonly record: DbFaultRecord = { fired: false, stopMs: 0, outageMs: 0, error: null };
  private patches = 0;
  private running: Promise<void> | null = null;

  constructor(private readonly control: DbControl, private readonly rec: Recorder, private readonly afterPatches: number, private readonly pauseMs: number) {}

  notePatched(): void {
    if (++this.patches === this.afterPatches) this.running = this.fire();
  }

  private async fire(): Promise<void> {
    this.record.fired = true;
    const window = { from: Date.now(), to: null as number | null };
    this.rec.outages.push(window);
    try {
      await this.control.stop();
      this.record.stopMs = Date.now() - window.from;
      await sleep(this.pauseMs);
      await this.control.start();
    } catch (error) {
      this.record.error = error instanceof Error ? error.message : String(error);
    } finally {
      window.to = Date.now();
      this.record.outageMs = window.to - window.from;
    }
  }

  /** Resolves once a fired fault has brought the server back. */
  async settled(): Promise<void> {
    await this.running;
  }
}
