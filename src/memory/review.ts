import { realpath } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { loadConfig, type Config } from '../config/index.js';
import { resolveRepoId } from '../config/repo-id.js';
import { AppError } from '../errors/index.js';
import { int, loadQuery, openGraph, type Graph } from '../graph/index.js';
import type { Logger } from '../runtime/logger.js';
import type { TransitionRecord } from './changelog.js';
import { MEMORY_STATES, sweepMemories, transitionByPerson } from './lifecycle.js';
import { promoteMemory, type PromotionResult } from './promotion.js';

export interface MemoryListRow {
  id: string;
  memoryId: string;
  state: string;
  enforcementType: string;
  trigger: string | null;
  since: string | null;
  rejectionCodes: string[];
  anchors: string[];
  note: string | null;
}

export interface MemoryDetail {
  memory: Record<string, unknown>;
  anchors: string[];
  transitions: Array<Omit<TransitionRecord, 'memoryId'>>;
}

const listQuery = loadQuery<{ repoId: string; state: string | null; limit: ReturnType<typeof int> }, MemoryListRow>('memory/list-memories.cypher');
const showQuery = loadQuery<{ repoId: string; id: string }, MemoryDetail>('memory/show-memory.cypher');
const repositoryRoot = loadQuery<{ repoId: string }, { root: string | null }>('memory/repository-root.cypher');

/** The repository's checkout (its `.ai/` holds the config and the changelog); NOT_FOUND when never ingested. */
export async function requireRepositoryRoot(graph: Graph, repoId: string): Promise<string> {
  const [row] = await graph.read(repositoryRoot, { repoId });
  if (!row?.root) throw new AppError('NOT_FOUND', { message: `No ingested repository ${repoId}.`, details: { repoId } });
  return row.root;
}

/**
 * A person's approve / reject / retire from a server (GraphQL, the observer console), after the caller
 * checked the person's token: the repository's memory settings are read from its checkout and the
 * lifecycle clock applied first (as the CLI does), so the transition is checked against the state a
 * sweep gives now; then `transitionByPerson` (table check, VERSION_CONFLICT, changelog).
 */
export async function reviewMemoryAsPerson(input: { graph: Graph; repoId: string; id: string; to: 'approved' | 'rejected' | 'retired'; who: string; why?: string; now?: Date }): Promise<TransitionRecord> {
  const { graph, repoId } = input;
  const root = await requireRepositoryRoot(graph, repoId);
  const settings = loadConfig({ repoRoot: root }).config.memory;
  const now = input.now ?? new Date();
  await sweepMemories({ graph, repoId, root, now, settings });
  return transitionByPerson({ graph, repoId, root, id: input.id, to: input.to, who: input.who, ...(input.why ? { why: input.why } : {}), now, settings });
}

/**
 * A person's promotion through a server (GraphQL, after its token check): like `graphgate memory promote`, the
 * repository's root and memory settings are read and the clock swept first; `promoteMemory` then applies the
 * same refusals, the same file checks (no symlinks, a regular file) and the same ingest lock.
 */
export async function promoteMemoryAsPerson(input: {
  graph: Graph; repoId: string; id: string; who: string; why?: string; approve?: boolean; withoutValidation?: boolean; log: Logger; now?: Date;
}): Promise<PromotionResult> {
  const { graph, repoId } = input;
  const root = await requireRepositoryRoot(graph, repoId);
  const settings = loadConfig({ repoRoot: root }).config.memory;
  const now = input.now ?? new Date();
  await sweepMemories({ graph, repoId, root, now, settings });
  return promoteMemory({
    graph, repoId, root, id: input.id, who: input.who, now, settings, log: input.log,
    ...(input.why ? { why: input.why } : {}), ...(input.approve ? { approve: true } : {}), ...(input.withoutValidation ? { withoutValidation: true } : {}),
  });
}

/** A repository's memories, newest state change first (at most `limit`). */
export async function listMemories(graph: Graph, repoId: string, options: { state?: string; limit?: number } = {}): Promise<MemoryListRow[]> {
  if (options.state !== undefined && !(MEMORY_STATES as readonly string[]).includes(options.state)) {
    throw new AppError('INVALID_ARGS', { message: `--state must be one of ${MEMORY_STATES.join(', ')}.`, details: { state: options.state } });
  }
  return graph.read(listQuery, { repoId, state: options.state ?? null, limit: int(options.limit ?? 200) });
}

/** One memory with its payloads parsed, its anchors and its transitions; NOT_FOUND when absent. */
export async function showMemory(graph: Graph, repoId: string, id: string): Promise<MemoryDetail> {
  const [row] = await graph.read(showQuery, { repoId, id });
  if (!row) throw new AppError('NOT_FOUND', { message: `No memory ${id} in this repository (graphgate memory list shows them).`, details: { id } });
  const memory: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row.memory)) {
    if (value === null || value === undefined) continue;
    // Payloads are stored as JSON strings; a person reads them as objects.
    if (key.endsWith('Json') && typeof value === 'string') {
      try {
        memory[key.slice(0, -4)] = JSON.parse(value) as unknown;
        continue;
      } catch {
        // Shown as stored when it is not JSON.
      }
    }
    memory[key] = value;
  }
  return { memory, anchors: row.anchors, transitions: row.transitions };
}

/** `person:<OS user>`: who a CLI transition names. */
export function personActor(): string {
  try {
    return `person:${userInfo().username}`;
  } catch {
    return 'person:unknown';
  }
}

/** Resolves the repository (real path, config, repoId as the MCP server derives it) and opens the graph for `fn`. */
export async function withRepository<T>(repo: string, log: Logger, fn: (ctx: { graph: Graph; repoId: string; root: string; config: Config }) => Promise<T>): Promise<T> {
  const root = await realpath(repo).catch(() => {
    throw new AppError('NOT_FOUND', { message: `No repository at ${repo}.`, details: { repo } });
  });
  const { config } = loadConfig({ repoRoot: root });
  const repoId = await resolveRepoId(root, config);
  const graph = await openGraph({ log });
  try {
    return await fn({ graph, repoId, root, config });
  } finally {
    await graph.close();
  }
}
