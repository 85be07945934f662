import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { MeasuredRun } from '../../../bench/ingest/real/measured-child.js';

// The built module: it starts dist/…/peak-rss-runner.js next to itself (`npm test` builds first).
const built = pathToFileURL(join(process.cwd(), 'dist', 'bench', 'ingest', 'real', 'measured-child.js')).href;
const { runMeasured } = (await import(built)) as { runMeasured: (input: { script: string; args: string[]; cwd: string; timeoutMs?: number }) => Promise<MeasuredRun> };

const dir = mkdtempSync(join(tmpdir(), 'gg-measured-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bench:ingest measured child', () => {
  it('reports the child\'s own peak RSS, CPU, collections by kind, young generation and Node version', async () => {
    const script = join(dir, 'allocate.mjs');
    // Many short-lived objects (minor collections) and a retained set that outgrows the young generation (major ones).
    // It yields now and then, as the CLI does: Node 24 hands GC entries to observers between event-loop turns only.
    writeFileSync(script, [
      'const kept = [];',
      'for (let i = 0; i < 2e6; i++) {',
      '  const o = { i, s: String(i) }; if (i % 4 === 0) kept.push(o);',
      '  if (i % 100000 === 0) await new Promise((resolve) => setImmediate(resolve));',
      '}',
      'process.stdout.write(`kept ${kept.length}\\n`);',
    ].join('\n'));
    const run = await runMeasured({ script, args: [], cwd: dir });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe('kept 500000\n');
    expect(run.node).toBe(process.version);
    expect(run.maxRssMb).toBeGreaterThan(20);
    expect(run.gc).not.toBeNull();
    expect(run.gc!.minor.count).toBeGreaterThan(0);
    expect(run.gc!.minor.ms).toBeGreaterThan(0);
    expect(run.gc!.major.count + run.gc!.other.count).toBeGreaterThan(0);
    expect(run.gc!.youngGenerationMb).toBeGreaterThanOrEqual(1);
  });

  it('reports no usage for a child killed before its exit hook', async () => {
    const script = join(dir, 'hang.mjs');
    writeFileSync(script, 'setInterval(() => {}, 1000);');
    const run = await runMeasured({ script, args: [], cwd: dir, timeoutMs: 500 });
    expect(run.timedOut).toBe(true);
    expect(run.gc).toBeNull();
    expect(run.maxRssMb).toBeNull();
  });
});
