import { test } from 'vitest';
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGateStep } from '../../../src/execution/gates/gate-runner.js';
import { runArgv } from '../../../src/execution/gates/process-runner.js';
test('overhead', async () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'gg-ovh-')));
  const gates = { defaultTimeoutSeconds: 30, profiles: { p: { modes: { m: [{ name: 's', cmd: [process.execPath, '-e', ''] }] } } }, commitGates: {} };
  const over: number[] = []; const dur: number[] = []; const raw: number[] = [];
  for (let i = 0; i < 30; i++) {
    const r = await runGateStep({ gates, stepName: 's', worktreeRoot: root });
    over.push(r.overheadMs); dur.push(r.durationMs);
    const t = performance.now(); await runArgv({ argv: [process.execPath, '-e', ''], cwd: root, env: {}, timeoutMs: 10000 }); raw.push(performance.now() - t);
  }
  const q = (a: number[], p: number) => [...a].sort((x, y) => x - y)[Math.floor(p * (a.length - 1))];
  console.log(JSON.stringify({ overheadP50: q(over, 0.5), overheadP95: q(over, 0.95), stepP50: q(dur, 0.5), rawSpawnP50: q(raw, 0.5) }));
});
