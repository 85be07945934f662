import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/**
 * The longest event-loop stall of this process since the last `takeMaxMs()`: a turn that answered
 * late although its graph calls were quick was waiting on the loop (synchronous work, GC, a starved
 * CPU), and no timer, not even the turn's own timeout, fires during a stall. Sampled every 20 ms
 * by libuv, so shorter stalls read as about 20 ms.
 */
export class LoopStall {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 20 });

  private constructor() {
    this.histogram.enable();
  }

  /** One per process: the stall is the process's, whoever reads it. */
  static shared(): LoopStall {
    shared ??= new LoopStall();
    return shared;
  }

  takeMaxMs(): number {
    const ms = Math.round(this.histogram.max / 1e6);
    this.histogram.reset();
    return ms;
  }
}

let shared: LoopStall | undefined;
