import { constants } from 'node:fs';
import { lstat, open, readFile } from 'node:fs/promises';
import { loadSeeds, type SeedProblem } from '../../ingest/policy/seed-loader.js';
import { ingestPolicyPlane, seedDirs } from '../../ingest/policy/policy-ingest.js';
import { acquireIngestLock } from '../../ingest/pipeline/ingest-lock.js';
import { readRepo } from '../../ingest/write/ingest.queries.js';
import { AppError } from '../errors/index.js';
import { loadQuery, type Graph } from '../graph/index.js';
import { ensureDirNoFollow } from '../paths/index.js';
import type { Logger } from '../runtime/logger.js';
import { appendChangelog, type TransitionRecord } from './changelog.js';
import { transitionByPerson, type LifecycleSettings } from './lifecycle.js';
import { PROMOTION_FILE, promotedRecordId, promotionRow, rowPayload, type PromotionSource } from './promotion-row.js';
import { promotionValidation, validationNote, type PromotionValidation } from './promotion-validation.js';

type Promotion = { id: string; recordId: string; version: number };
const PROMOTION_PATH = `.ai/graph/seed/${PROMOTION_FILE}`;
const notTaken = (what: string, problems: SeedProblem[]) => new AppError('INVALID_ARGS', {
  message: `${what}: ${problems.map((e) => `${e.file}:${e.line}: ${e.message}`).join('; ')}`, details: { file: PROMOTION_PATH, problems },
});
const readSource = loadQuery<{ repoId: string; id: string }, PromotionSource & { promotions: Promotion[] }>('memory/read-promotion-source.cypher');
const recordPromotion = loadQuery<{ repoId: string; id: string; recordId: string; who: string; why: string; at: string }, {
  state: string; linked: boolean; transitionId: string | null; memoryId: string | null; from: string | null; to: string | null; who: string | null; why: string | null; at: string | null; promotedTo: string | null;
}>('memory/record-promotion.cypher');

export interface PromotionResult {
  memoryId: string;
  /** The policy-plane record: its seed id and version, its label and its graph id. */
  recordId: string;
  version: number;
  label: 'Policy' | 'ExampleRef';
  graphId: string;
  file: string;
  /** False when the same row was already in the seed files (promoting twice writes one row). */
  written: boolean;
  /** What showed that validation passed with the memory in force, or the person's override. */
  validation: PromotionValidation;
  /** The approval `--approve` made first, when the memory was not approved yet. */
  approval?: TransitionRecord;
  /** The promotion's MemoryTransition; absent when the memory was already linked to this record. */
  transition?: TransitionRecord;
}

/** The promotions file's absolute path, its folders made without following symlinks; refused when it is not a regular file. */
async function promotionsFile(root: string): Promise<string> {
  const dir = await ensureDirNoFollow(root, ['.ai', 'graph', 'seed']);
  const file = `${dir}/${PROMOTION_FILE}`;
  const existing = await lstat(file).catch(() => undefined);
  if (existing && !existing.isFile()) throw new AppError('PATH_REJECTED', { message: `${PROMOTION_PATH} is not a regular file; nothing was written.`, details: { file: PROMOTION_PATH } });
  return file;
}

async function appendSeedLine(file: string, line: string): Promise<void> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const handle = await open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | constants.O_NOFOLLOW, 0o644);
  try {
    await handle.write(`${text && !text.endsWith('\n') ? '\n' : ''}${line}\n`);
  } finally {
    await handle.close();
  }
}

export interface PromoteInput {
  graph: Graph; repoId: string; root: string; id: string; who: string; why?: string;
  /** A person's explicit approval of a pending or provisional memory, given with the promotion. */
  approve?: boolean;
  /** A person's explicit override of the validation requirement; `why` is then required. */
  withoutValidation?: boolean;
  now: Date; settings: LifecycleSettings; log: Logger;
}

/**
 * Promotes a memory to the policy plane (002 §11.4, `graphgate memory promote`): builds and validates
 * its seed row, appends it to `.ai/graph/seed/memory-promotions.jsonl` (a new version supersedes an
 * older promotion with other content; the same content is not written again), ingests the policy
 * plane, then links the memory to the record with a MemoryTransition. Only an approved memory that
 * passed validation in force is promoted (promotion-validation.ts); `approve` lets a person approve a
 * pending or provisional one in the same step, `withoutValidation` (with `why`) waives the validation. Every
 * refusal comes before anything is written, and a retry after a failure finishes the same promotion.
 */
export async function promoteMemory(input: PromoteInput): Promise<PromotionResult> {
  const { graph, repoId } = input;
  if (!input.who.startsWith('person:')) throw new AppError('UNAUTHORIZED', { message: 'Only a person promotes a memory.', details: { who: input.who } });
  if (input.withoutValidation && !input.why?.trim()) {
    throw new AppError('INVALID_ARGS', { message: 'Promoting without validation needs a reason (--why <text>): it is kept in the transition and the changelog.', details: { field: 'why' } });
  }
  if (!(await graph.read(readRepo, { repoId }))[0]) throw new AppError('REPO_NOT_INGESTED', { details: { repoId } });
  // The ingest lock: two promotions (or a promotion and an ingest) would pick the same version or hash.
  const lock = await acquireIngestLock(graph, repoId, { leaseMs: 60_000, waitMs: 60_000, log: input.log });
  try {
    return await promoteLocked(input);
  } finally {
    await lock.release();
  }
}

async function promoteLocked(input: PromoteInput): Promise<PromotionResult> {
  const { graph, repoId, root } = input;
  const [memory] = await graph.read(readSource, { repoId, id: input.id });
  if (!memory) throw new AppError('NOT_FOUND', { message: `No memory ${input.id} in this repository (graphgate memory list shows them).`, details: { id: input.id } });
  const [repo] = await graph.read(readRepo, { repoId });
  if (!repo) throw new AppError('REPO_NOT_INGESTED', { details: { repoId } });
  const at = input.now.toISOString();
  const recordId = promotedRecordId(memory.memoryId);
  const seeds = loadSeeds(seedDirs(root));
  const broken = seeds.errors.filter((e) => e.file === PROMOTION_PATH);
  if (broken.length > 0) throw notTaken('The promotions file has rows the policy plane refuses; fix them first', broken);
  const inFiles = seeds.rows.filter((r) => r.row.id === recordId).sort((a, b) => a.row.version - b.row.version);
  const latest = inFiles.at(-1);
  const versions = [...inFiles.map((r) => r.row.version), ...memory.promotions.filter((p) => p.recordId === recordId).map((p) => Number(p.version))];
  let row = promotionRow(memory, { version: Math.max(0, ...versions) + 1, at, who: input.who });
  const same = latest !== undefined && rowPayload(latest.row) === rowPayload(row);
  if (same) row = latest.row;

  if (memory.state !== 'approved' && !input.approve) {
    throw new AppError('ILLEGAL_TRANSITION', {
      message: `Memory ${memory.memoryId} is ${memory.state}; only an approved memory is promoted (approve it first, or pass --approve to approve and promote it in one step).`,
      details: { id: memory.id, state: memory.state },
    });
  }
  const validation = await promotionValidation(graph, {
    repoId, memoryId: memory.memoryId, enforcementType: memory.enforcementType, ...(input.withoutValidation ? { override: { why: input.why!.trim() } } : {}),
  });
  // The destination is checked before the approval, so a refused file leaves the memory as it was.
  const file = await promotionsFile(root);
  const approval = memory.state === 'approved' ? undefined
    : await transitionByPerson({ graph, repoId, root, id: memory.id, to: 'approved', who: input.who, why: input.why ?? 'approved for promotion to the policy plane', now: input.now, settings: input.settings });

  if (!same) await appendSeedLine(file, JSON.stringify(row));
  const summary = await ingestPolicyPlane({ graph, root, repoId, log: input.log, previous: { seedHash: repo.seedHash, memoryHash: repo.memoryHash }, anchorsChanged: false });
  const ours = summary.errors.filter((e) => e.file === PROMOTION_PATH);
  if (ours.length > 0) throw notTaken('The policy plane did not take the promoted row', ours);

  const graphId = `${repoId}:seed:${row.id}@${row.version}`;
  const reason = input.why && memory.state === 'approved' && validation.kind !== 'override' ? `: ${input.why}` : '';
  const why = `promoted to the policy plane as ${row.type} ${row.id}@${row.version} ${validationNote(validation)}${reason}`;
  const [linked] = await graph.write(recordPromotion, { repoId, id: memory.id, recordId: graphId, who: input.who, why, at });
  if (!linked) throw new AppError('INTERNAL', { message: `The promoted row ${row.id}@${row.version} is not in the graph after ingestion.`, details: { recordId: graphId } });
  if (!linked.linked && !linked.transitionId) {
    throw new AppError('VERSION_CONFLICT', { message: `Memory ${memory.memoryId} changed while it was promoted (now ${linked.state}); the row stays in ${PROMOTION_PATH}.`, details: { id: memory.id, state: linked.state } });
  }
  const transition = linked.transitionId
    ? { transitionId: linked.transitionId, memoryId: linked.memoryId!, from: linked.from!, to: linked.to!, who: linked.who!, why: linked.why, at: linked.at!, promotedTo: linked.promotedTo! }
    : undefined;
  if (transition) await appendChangelog(root, [transition]);
  return {
    memoryId: memory.memoryId, recordId: row.id, version: row.version, label: row.type === 'policy' ? 'Policy' : 'ExampleRef', graphId,
    file: PROMOTION_PATH, written: !same, validation, ...(approval ? { approval } : {}), ...(transition ? { transition } : {}),
  };
}
