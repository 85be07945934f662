import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { textMemo } from '../../src/runtime/text-memo.js';
import type { PropValue } from '../model/facts.js';
import type { SeedProblem } from './seed-loader.js';

/** Memory lifecycle states (seed 000/002): pending → provisional → approved → retired; rejected, expired. */
export const MEMORY_STATES = ['pending', 'provisional', 'approved', 'rejected', 'expired', 'retired'] as const;

const code = z.string().regex(/^[A-Z][A-Z_]+$/);

/** One dimensional memory record as stored in `.ai/memory/*.json|jsonl` (seed 000 "Memory Record"). */
export const memoryRecordSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,119}$/),
    trigger: z.enum(['rejection_pattern', 'human_override', 'retrospective', 'rule_violation', 'friction_signal']),
    phase: z.enum(['exploration', 'planning', 'execution', 'retrospective']),
    domainAnchorIds: z.array(z.string().min(1).max(300)).max(100),
    graphNodeIds: z.array(z.string().max(500)).max(100).optional(),
    enforcementType: z.enum(['few_shot', 'plan_rule', 'strategy_signal', 'informational']),
    fewShot: z.record(z.string(), z.unknown()).optional(),
    planRule: z.record(z.string(), z.unknown()).optional(),
    strategySignal: z.record(z.string(), z.unknown()).optional(),
    rejectionCodes: z.array(code).default([]),
    originStrategyId: z.string().max(100).optional(),
    note: z.string().max(4000).optional(),
    state: z.enum(MEMORY_STATES),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
    traceRef: z.string().max(500).optional(),
  })
  .strict();

export type MemoryRecord = z.infer<typeof memoryRecordSchema>;

export interface LoadedMemory {
  record: MemoryRecord;
  file: string;
  line: number;
}

type Candidate = { value: unknown; line: number } | SeedProblem;

function candidates(text: string, file: string): Candidate[] {
  if (file.endsWith('.jsonl')) {
    return text.split(/\r?\n/).flatMap((raw, i): Candidate[] => {
      if (!raw.trim()) return [];
      try {
        return [{ value: JSON.parse(raw) as unknown, line: i + 1 }];
      } catch (error) {
        return [{ file, line: i + 1, message: `not valid JSON: ${(error as Error).message}` }];
      }
    });
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    const list = Array.isArray(parsed) ? parsed : parsed && typeof parsed === 'object' && Array.isArray((parsed as { records?: unknown }).records) ? (parsed as { records: unknown[] }).records : [parsed];
    return list.map((value) => ({ value, line: 1 }));
  } catch (error) {
    return [{ file, line: 1, message: `not valid JSON: ${(error as Error).message}` }];
  }
}

/**
 * Reads memory records from `<root>/.ai/memory/*.json` (an array, `{records: [...]}` or one record)
 * and `*.jsonl` (one per line). The changelog is history, not records, and is not read.
 */
export function loadMemories(root: string): { memories: LoadedMemory[]; errors: SeedProblem[]; hash: string } {
  const dir = join(root, '.ai', 'memory');
  const hash = createHash('sha256');
  const memories: LoadedMemory[] = [];
  const errors: SeedProblem[] = [];
  if (!existsSync(dir)) return { memories, errors, hash: hash.digest('hex') };
  const files = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isFile() && /\.(json|jsonl)$/.test(d.name) && !d.name.startsWith('changelog'))
    .map((d) => d.name)
    .sort();
  for (const name of files) {
    const file = `.ai/memory/${name}`;
    const text = readFileSync(join(dir, name), 'utf8');
    hash.update(`${file}\0${text}\0`);
    const parsed = memoryParses(`${root}\0${file}`, text, (t) => parseMemoryFile(file, t));
    memories.push(...parsed.memories);
    errors.push(...parsed.errors);
  }
  return { memories, errors, hash: hash.digest('hex') };
}

type MemoryFileParse = { memories: LoadedMemory[]; errors: SeedProblem[] };

/** The last parse of each memory file (by root and name): every ingest run reads them, most runs change none. */
const memoryParses = textMemo<MemoryFileParse>();

function parseMemoryFile(file: string, text: string): MemoryFileParse {
  const result: MemoryFileParse = { memories: [], errors: [] };
  candidates(text, file).forEach((c, index) => {
    if ('message' in c) return void result.errors.push(c);
    const parsed = memoryRecordSchema.safeParse(c.value);
    const where = file.endsWith('.jsonl') ? '' : `[${index}] `;
    if (parsed.success) result.memories.push({ record: parsed.data, file, line: c.line });
    else result.errors.push({ file, line: c.line, message: where + parsed.error.issues.map((i) => `${i.path.join('.') || '(record)'}: ${i.message}`).join('; ') });
  });
  return result;
}

/** Graph properties of a memory record: payload objects as JSON strings. */
export function memoryProps(repoId: string, loaded: LoadedMemory): Record<string, PropValue> {
  const r = loaded.record;
  const props: Record<string, PropValue> = {
    id: `${repoId}:memory:${r.id}`, memoryId: r.id, repoId, trigger: r.trigger, phase: r.phase, domainAnchorIds: r.domainAnchorIds,
    enforcementType: r.enforcementType, rejectionCodes: r.rejectionCodes, state: r.state, createdAt: r.createdAt, updatedAt: r.updatedAt,
    sourceFile: `${loaded.file}:${loaded.line}`,
  };
  if (r.graphNodeIds) props.graphNodeIds = r.graphNodeIds;
  if (r.fewShot) props.fewShotJson = JSON.stringify(r.fewShot);
  if (r.planRule) props.planRuleJson = JSON.stringify(r.planRule);
  if (r.strategySignal) props.strategySignalJson = JSON.stringify(r.strategySignal);
  if (r.originStrategyId) props.originStrategyId = r.originStrategyId;
  if (r.note) props.note = r.note;
  if (r.traceRef) props.traceRef = r.traceRef;
  return props;
}
