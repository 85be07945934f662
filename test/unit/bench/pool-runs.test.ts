import { describe, expect, it } from 'vitest';
import { formatPooled, poolReads, submitsAroundRestart } from '../../../bench/soak/pool-runs.js';

const call = (verb: string, startS: number, ms: number, answered = true) =>
  ({ verb, at: 1_000_000 + startS * 1000 + ms, ms, traceRef: answered ? 't' : null }) as never;

describe('poolReads', () => {
  const runA = { startedAt: 1_000_000, samples: [call('read_file_lines', 1, 900), call('read_file_lines', 40, 10), call('read_file_lines', 50, 20), call('submit_execution_plan', 60, 5000)] };
  const runB = { startedAt: 1_000_000, samples: [call('read_file_lines', 35, 30), call('read_file_lines', 45, 40), call('read_file_lines', 46, 7000, false)] };

  it('pools the answered calls of every run per read verb, by nearest rank', () => {
    const [read, lookup] = poolReads([runA, runB]);
    expect(read).toEqual({ verb: 'read_file_lines', n: 5, p50: 30, p95: 900, max: 900 });
    expect(lookup).toEqual({ verb: 'lookup_symbol_definition', n: 0, p50: 0, p95: 0, max: 0 });
  });

  it('leaves out the calls that started before --after-s', () => {
    expect(poolReads([runA, runB], 30_000)[0]).toEqual({ verb: 'read_file_lines', n: 4, p50: 20, p95: 40, max: 40 });
  });

  it('keeps only the calls that started before the end of a window (the start burst)', () => {
    expect(poolReads([runA, runB], 0, 40_000)[0]).toEqual({ verb: 'read_file_lines', n: 2, p50: 30, p95: 900, max: 900 });
  });

  it('formats one line per pool', () => {
    expect(formatPooled('x', poolReads([runB]))).toBe('x: n 2 / 0 / 0 / 0; p50 30 / 0 / 0 / 0 ms; p95 40 / 0 / 0 / 0 ms; max 40 / 0 / 0 / 0 ms (read_file_lines / lookup_symbol_definition / trace_symbol_graph / search_codebase_text)');
  });
});

describe('submitsAroundRestart', () => {
  const submit = (startS: number, ms: number, duringOutage = false) =>
    ({ verb: 'submit_execution_plan', at: 1_000_000 + startS * 1000 + ms, ms, duringOutage }) as never;
  const report = {
    outages: [{ from: 1_000_000 + 50_000, to: 1_000_000 + 80_000 }],
    samples: [
      submit(10, 300), submit(20, 400), submit(60, 9000, true), // the last one overlapped the outage
      submit(81, 7000), submit(90, 2000), submit(96, 800), submit(120, 500), call('read_file_lines', 85, 5000),
    ],
  };

  it('splits the submissions outside the outage into those that started in the window after the server came back and the rest', () => {
    expect(submitsAroundRestart(report, 15_000)).toEqual({ n: 6, p95: 7000, inWindow: [7000, 2000], p95Without: 800 });
  });

  it('a run without a db fault has nothing in the window', () => {
    expect(submitsAroundRestart({ outages: [], samples: report.samples }, 15_000)).toMatchObject({ inWindow: [], p95Without: 7000 });
  });
});
