import { lstat, readdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Graph, RunOptions } from '../graph/index.js';
import { loadQuery } from '../graph/index.js';

const mergeOverrideMemories = loadQuery<
  { repoId: string; rows: Array<{ id: string; props: Record<string, unknown>; anchors: string[] }> },
  { id: string; anchors: number }
>('memory/merge-override-memories.cypher');

const MAX_FILES = 50;
const MAX_BYTES = 256 * 1024;
const payload = z.record(z.string(), z.unknown());

/** A human override file (seed 000 memory record; the server fills trigger, state and timestamps). */
export const overrideFileSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,119}$/).optional(),
  enforcementType: z.enum(['few_shot', 'plan_rule', 'strategy_signal', 'informational']),
  domainAnchorIds: z.array(z.string().min(1).max(300)).max(100).default([]),
  graphNodeIds: z.array(z.string().min(1).max(500)).max(100).optional(),
  phase: z.enum(['exploration', 'planning', 'execution', 'retrospective']).default('planning'),
  fewShot: payload.optional(),
  planRule: payload.optional(),
  strategySignal: payload.optional(),
  rejectionCodes: z.array(z.string().regex(/^[A-Z][A-Z_]+$/)).max(50).default([]),
  originStrategyId: z.string().max(100).optional(),
  note: z.string().max(4000).optional(),
});

export interface OverrideIntake {
  processed: Array<{ file: string; memoryId: string; enforcementType: string }>;
  rejected: Array<{ file: string; reason: string }>;
}

/**
 * Side channel 1 of initialize_work (001 §4 step 3): each `*.json` in `.ai/memory/overrides/` becomes
 * an approved Memory (trigger human_override) linked to its domain anchors, and the file is renamed
 * `<name>.processed`; an invalid file is renamed `<name>.invalid` and reported. Symlinks, folders and
 * files over 256 KB are refused. Runs before active memories are read, so overrides apply at once.
 */
/** States a person's dropped memory may start in (seed 000 `humanOverrideInitialState`). */
export const OVERRIDE_INITIAL_STATES = ['approved', 'provisional', 'pending'] as const;
export type OverrideInitialState = (typeof OVERRIDE_INITIAL_STATES)[number];

export async function ingestMemoryOverrides(input: {
  graph: Graph; repoId: string; root: string; now: Date; traceRef: string; run?: RunOptions;
  /** memory.humanOverrideInitialState: the state a dropped memory starts in (default approved). */
  initialState?: OverrideInitialState;
}): Promise<OverrideIntake> {
  const dir = join(input.root, '.ai', 'memory', 'overrides');
  const out: OverrideIntake = { processed: [], rejected: [] };
  const dirInfo = await lstat(dir).catch(() => undefined);
  if (!dirInfo || !dirInfo.isDirectory() || dirInfo.isSymbolicLink()) return out;
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort().slice(0, MAX_FILES);
  const rows: Array<{ id: string; props: Record<string, unknown>; anchors: string[] }> = [];
  const renames: Array<[string, string]> = [];
  for (const name of names) {
    const file = `.ai/memory/overrides/${name}`;
    const path = join(dir, name);
    const info = await lstat(path);
    let reason: string | null = null;
    let parsed: z.infer<typeof overrideFileSchema> | null = null;
    if (!info.isFile() || info.isSymbolicLink()) reason = 'not a regular file';
    else if (info.size > MAX_BYTES) reason = `larger than ${MAX_BYTES} bytes`;
    else {
      try {
        const result = overrideFileSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
        if (result.success) parsed = result.data;
        else reason = result.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(record)'}: ${i.message}`).join('; ');
      } catch (error) {
        reason = `not valid JSON: ${(error as Error).message.slice(0, 200)}`;
      }
    }
    if (!parsed) {
      out.rejected.push({ file, reason: reason ?? 'invalid' });
      renames.push([path, `${path}.invalid`]);
      continue;
    }
    const memoryId = parsed.id ?? `override-${name.replace(/\.json$/, '').replace(/[^A-Za-z0-9._-]/g, '-')}`.slice(0, 120);
    const at = input.now.toISOString();
    const props: Record<string, unknown> = {
      id: `${input.repoId}:memory:${memoryId}`, memoryId, repoId: input.repoId, trigger: 'human_override', phase: parsed.phase,
      domainAnchorIds: parsed.domainAnchorIds, enforcementType: parsed.enforcementType, rejectionCodes: parsed.rejectionCodes, state: input.initialState ?? 'approved',
      createdAt: at, updatedAt: at, traceRef: input.traceRef, sourceFile: file,
      ...(parsed.graphNodeIds ? { graphNodeIds: parsed.graphNodeIds } : {}),
      ...(parsed.fewShot ? { fewShotJson: JSON.stringify(parsed.fewShot) } : {}),
      ...(parsed.planRule ? { planRuleJson: JSON.stringify(parsed.planRule) } : {}),
      ...(parsed.strategySignal ? { strategySignalJson: JSON.stringify(parsed.strategySignal) } : {}),
      ...(parsed.originStrategyId ? { originStrategyId: parsed.originStrategyId } : {}),
      ...(parsed.note ? { note: parsed.note } : {}),
    };
    rows.push({ id: String(props.id), props, anchors: parsed.domainAnchorIds.map((a) => a.replace(/\/\*\*?$/, '').replace(/\/+$/, '')) });
    out.processed.push({ file, memoryId, enforcementType: parsed.enforcementType });
    renames.push([path, `${path}.processed`]);
  }
  if (rows.length > 0) await input.graph.write(mergeOverrideMemories, { repoId: input.repoId, rows }, input.run);
  // Renamed only after the graph write: a failed write leaves the files to be picked up next time.
  for (const [from, to] of renames) await rename(from, to);
  return out;
}
