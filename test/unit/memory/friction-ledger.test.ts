import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendFrictionLedger, type LedgerRaised } from '../../../src/memory/friction-ledger.js';

const raised = (n: number): LedgerRaised => ({
  frictionId: `fric-${n}`, trigger: 'submit_execution_plan', rejectionCodes: ['PLAN_ORIGIN_UNKNOWN'], domainAnchorIds: ['anchor:src/app/orders'],
  strategyId: 'aggrid-origin', sessionId: 'run-1', workId: 'work-1', agentId: 'agent-1', rejectionCount: n + 1,
});
const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

describe('friction ledger export (.ai/tmp/friction-ledger.jsonl)', () => {
  let root: string;
  beforeEach(() => { root = mkdtempSync(join(tmpdir(), 'gg-ledger-')); });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const file = () => join(root, '.ai', 'tmp', 'friction-ledger.jsonl');

  it('writes one line per raised event with seed 000 fields, and a resolution as its own line', async () => {
    const at = new Date('2026-11-24T10:00:00Z');
    await appendFrictionLedger(root, at, [raised(1), raised(2)], null, 100);
    await appendFrictionLedger(root, at, [], { frictionIds: ['fric-1', 'fric-2'], workId: 'work-1', byTurn: 'trace-9' }, 100);
    const [first, , resolution] = lines(file());
    expect(first).toEqual({
      ts: '2026-11-24T10:00:00.000Z', event: 'raised', frictionId: 'fric-1', trigger: 'submit_execution_plan', rejectionCodes: ['PLAN_ORIGIN_UNKNOWN'],
      domainAnchorIds: ['anchor:src/app/orders'], strategyId: 'aggrid-origin', sessionId: 'run-1', workId: 'work-1', agentId: 'agent-1', rejectionCount: 2, resolved: false,
    });
    expect(resolution).toEqual({ ts: '2026-11-24T10:00:00.000Z', event: 'resolved', frictionIds: ['fric-1', 'fric-2'], workId: 'work-1', byTurn: 'trace-9', resolved: true });
  });

  it('rotates to friction-ledger.1.jsonl when the next append would pass maxEntries', async () => {
    for (let i = 0; i < 4; i += 1) await appendFrictionLedger(root, new Date(), [raised(i)], null, 5);
    await appendFrictionLedger(root, new Date(), [raised(4), raised(5)], null, 5);
    expect(lines(join(root, '.ai', 'tmp', 'friction-ledger.1.jsonl')).map((l) => l.frictionId)).toEqual(['fric-0', 'fric-1', 'fric-2', 'fric-3']);
    expect(lines(file()).map((l) => l.frictionId)).toEqual(['fric-4', 'fric-5']);
  });

  it('writes nothing when there is nothing to say, and never follows a symlinked ledger', async () => {
    await appendFrictionLedger(root, new Date(), [], { frictionIds: [], workId: 'w', byTurn: 't' }, 10);
    expect(existsSync(file())).toBe(false);
    const outside = join(root, 'outside.txt');
    writeFileSync(outside, 'keep\n');
    mkdirSync(join(root, '.ai', 'tmp'), { recursive: true });
    symlinkSync(outside, file());
    await expect(appendFrictionLedger(root, new Date(), [raised(1)], null, 10)).rejects.toThrow();
    expect(readFileSync(outside, 'utf8')).toBe('keep\n');
  });
});
