import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPathFilter } from '../../../ingest/pipeline/discovery.js';
import { DEFAULT_SETTINGS } from '../../../ingest/pipeline/settings.js';
import { loadMemories } from '../../../ingest/policy/memory-loader.js';
import { loadSeeds } from '../../../ingest/policy/seed-loader.js';

// Every ingest run reads the policy inputs; their parses are reused while a file's text is the same.
// These tests pin down that a changed file is always parsed again.

const root = mkdtempSync(join(tmpdir(), 'gg-policy-reuse-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const meta = '"version":1,"updated_at":"2026-01-01T00:00:00Z","updated_by":"me"';
const policy = (id: string, rule: string): string => `{"id":"${id}","type":"policy",${meta},"severity":"hard","rule":"${rule}"}`;
const memory = (id: string, state: string): Record<string, unknown> => ({
  id, trigger: 'human_override', phase: 'planning', domainAnchorIds: [], enforcementType: 'plan_rule', rejectionCodes: [], state,
  createdAt: '2026-02-01T10:00:00Z', updatedAt: '2026-02-01T10:00:00Z',
});

describe('policy inputs read again on every run', () => {
  it('seed files: the same text gives the same rows, an edited file its new rows and errors', () => {
    const dir = join(root, 'seed');
    mkdirSync(dir, { recursive: true });
    const dirs = [{ dir, label: '.ai/graph/seed/', source: 'repo' as const }];
    writeFileSync(join(dir, 'a.jsonl'), `${policy('p1', 'first')}\n`);
    const first = loadSeeds(dirs);
    const again = loadSeeds(dirs);
    expect(again.rows.map((r) => r.row)).toEqual(first.rows.map((r) => r.row));
    expect(again.hash).toBe(first.hash);

    writeFileSync(join(dir, 'a.jsonl'), `${policy('p1', 'second')}\nnot json\n`);
    const edited = loadSeeds(dirs);
    expect(edited.rows.map((r) => (r.row as { rule?: string }).rule)).toEqual(['second']);
    expect(edited.errors.map((e) => `${e.file}:${e.line}`)).toEqual(['.ai/graph/seed/a.jsonl:2']);
    expect(edited.hash).not.toBe(first.hash);
    // A run's errors are its own: reading twice does not repeat them.
    expect(loadSeeds(dirs).errors).toHaveLength(1);
  });

  it('memory files: per root, and an edited file is parsed again', () => {
    const roots = [join(root, 'r1'), join(root, 'r2')];
    for (const [i, r] of roots.entries()) {
      mkdirSync(join(r, '.ai', 'memory'), { recursive: true });
      writeFileSync(join(r, '.ai', 'memory', 'records.json'), JSON.stringify([memory(`mem-${i}`, 'approved')]));
    }
    expect(loadMemories(roots[0] as string).memories.map((m) => m.record.id)).toEqual(['mem-0']);
    expect(loadMemories(roots[1] as string).memories.map((m) => m.record.id)).toEqual(['mem-1']);
    writeFileSync(join(roots[0] as string, '.ai', 'memory', 'records.json'), JSON.stringify([memory('mem-0', 'approved'), { id: 'bad' }]));
    const edited = loadMemories(roots[0] as string);
    expect(edited.memories.map((m) => m.record.id)).toEqual(['mem-0']);
    expect(edited.errors).toHaveLength(1);
    expect(loadMemories(roots[0] as string).errors).toHaveLength(1);
  });

  it('path filters: other settings give another filter', () => {
    const all = createPathFilter(DEFAULT_SETTINGS);
    const srcOnly = createPathFilter({ ...DEFAULT_SETTINGS, include: ['src/**/*.ts'] });
    expect(createPathFilter({ ...DEFAULT_SETTINGS })).toBe(all);
    expect(all('lib/a.ts')).toBe(true);
    expect(srcOnly('lib/a.ts')).toBe(false);
    expect(srcOnly('src/a.ts')).toBe(true);
  });
});
