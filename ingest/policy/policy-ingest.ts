import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import picomatch from 'picomatch';
import { loadQuery, type Graph } from '../../src/graph/index.js';
import type { Logger } from '../../src/runtime/logger.js';
import { packageRoot } from '../../src/runtime/package-root.js';
import type { PropValue } from '../model/facts.js';
import { chunk } from '../write/batches.js';
import { setRepoHashes } from '../write/ingest.queries.js';
import { loadMemories, memoryProps } from './memory-loader.js';
import { loadSeeds, rowProps, type SeedDir, type SeedProblem } from './seed-loader.js';

type Repo = { repoId: string };
type Link = { rows: Array<{ id: string; anchorIds: string[] }> };
const mergeSeedRecords = loadQuery<Repo & { rows: Array<{ id: string; label: string; props: Record<string, PropValue> }> }, { id: string; created: boolean; sameContent: boolean }>('ingest/seed-merge-records.cypher');
const linkSupersedes = loadQuery<Repo & { recordIds: string[] }, { recordId: string; versions: number; superseded: number }>('ingest/seed-link-supersedes.cypher');
const readScoped = loadQuery<Repo, { id: string; appliesTo: string[] }>('ingest/seed-read-scoped.cypher');
const replaceSeedAppliesTo = loadQuery<Link, { linked: number }>('ingest/seed-replace-applies-to.cypher');
const readAnchors = loadQuery<Repo, { id: string; path: string }>('ingest/read-anchors.cypher');
const mergeMemories = loadQuery<{ rows: Array<{ id: string; props: Record<string, PropValue> }> }, { id: string; written: boolean }>('ingest/memory-merge-records.cypher');
const replaceMemoryAppliesTo = loadQuery<Link, { linked: number }>('ingest/memory-replace-applies-to.cypher');

export interface PolicyIngestInput {
  graph: Graph;
  root: string;
  repoId: string;
  log: Logger;
  previous?: { seedHash: string | null; memoryHash: string | null };
  /** Files were added or removed, so anchors may have changed: re-link scopes even if seeds did not change. */
  anchorsChanged: boolean;
}

export interface PolicySummary {
  rows: number;
  created: number;
  unchanged: number;
  superseded: number;
  memories: number;
  errors: SeedProblem[];
}

/** The seed dirs of a repo: graphgate's shipped defaults, then the repo's own (which may supersede them). */
export function seedDirs(root: string): SeedDir[] {
  const defaults = join(packageRoot(), '.ai', 'graph', 'seed');
  const own = join(root, '.ai', 'graph', 'seed');
  const same = (() => {
    try {
      return realpathSync(defaults) === realpathSync(own);
    } catch {
      return false;
    }
  })();
  const dirs: SeedDir[] = [{ dir: defaults, label: 'graphgate:.ai/graph/seed/', source: 'default' }];
  if (!same) dirs.push({ dir: own, label: '.ai/graph/seed/', source: 'repo' });
  return dirs;
}

/** Anchor ids matched by path globs (`src/app/orders/**`), exact anchor paths or anchor ids. */
export function matchAnchors(anchors: Array<{ id: string; path: string }>, patterns: string[]): string[] {
  const matchers = patterns.map((p) => picomatch(p.replace(/\/+$/, ''), { dot: true }));
  return anchors.filter((a) => patterns.includes(a.id) || patterns.includes(a.path) || matchers.some((m) => m(a.path))).map((a) => a.id);
}

function readPolicyInputs(root: string): { seeds: ReturnType<typeof loadSeeds>; memories: ReturnType<typeof loadMemories>; summary: PolicySummary } {
  const seeds = loadSeeds(seedDirs(root));
  const memories = loadMemories(root);
  const summary: PolicySummary = { rows: seeds.rows.length, created: 0, unchanged: 0, superseded: 0, memories: memories.memories.length, errors: [...seeds.errors, ...memories.errors] };
  return { seeds, memories, summary };
}

/** The summary of a policy step that would write nothing (seed and memory files as last ingested, no anchor change), else null. */
export function policyIfUnchanged(root: string, previous: PolicyIngestInput['previous']): PolicySummary | null {
  const { seeds, memories, summary } = readPolicyInputs(root);
  if (seeds.hash !== previous?.seedHash || memories.hash !== previous?.memoryHash) return null;
  summary.unchanged = seeds.rows.length;
  return summary;
}

/**
 * Applies the policy plane (append + supersede; records are per repo: each repo gets graphgate's
 * default set plus its own rows, stamped with its repoId) and imports memory records. Validation
 * problems are reported as file:line and the valid rows still apply. Unchanged inputs write nothing.
 */
export async function ingestPolicyPlane(input: PolicyIngestInput): Promise<PolicySummary> {
  const { graph, repoId } = input;
  const { seeds, memories, summary } = readPolicyInputs(input.root);
  const seedChanged = seeds.hash !== input.previous?.seedHash;
  const memoryChanged = memories.hash !== input.previous?.memoryHash;
  if (!seedChanged && !memoryChanged && !input.anchorsChanged) {
    summary.unchanged = seeds.rows.length;
    return summary;
  }
  if (seedChanged) {
    const rows = seeds.rows.map((loaded) => {
      const { label, props } = rowProps(loaded);
      const id = `${repoId}:seed:${loaded.row.id}@${loaded.row.version}`;
      return { id, label, props: { ...props, id, repoId, recordId: loaded.row.id, version: loaded.row.version }, where: `${loaded.file}:${loaded.line}` };
    });
    const createdRecords = new Set<string>();
    for (const part of chunk(rows, 1000)) {
      const result = await graph.write(mergeSeedRecords, { repoId, rows: part.map(({ id, label, props }) => ({ id, label, props })) });
      result.forEach((r, i) => {
        const row = part[i] as (typeof part)[number];
        if (r.created) summary.created++, createdRecords.add(String(row.props.recordId));
        else if (r.sameContent) summary.unchanged++;
        else summary.errors.push({ file: row.where.replace(/:\d+$/, ''), line: Number(row.where.split(':').pop()), message: `version ${String(row.props.version)} of "${String(row.props.recordId)}" is already in the graph with other content; nothing was overwritten (bump the version)` });
      });
    }
    for (const recordIds of chunk([...createdRecords], 500)) {
      for (const r of await graph.write(linkSupersedes, { repoId, recordIds })) if (r.versions > 1) summary.superseded += r.superseded > 0 ? 1 : 0;
    }
  }
  const anchors = await graph.read(readAnchors, { repoId });
  if (seedChanged || input.anchorsChanged) {
    const scoped = await graph.read(readScoped, { repoId });
    for (const rows of chunk(scoped.map((s) => ({ id: s.id, anchorIds: matchAnchors(anchors, s.appliesTo) })), 500)) await graph.write(replaceSeedAppliesTo, { rows });
  }
  if (memoryChanged || input.anchorsChanged) {
    const rows = memories.memories.map((m) => ({ id: `${repoId}:memory:${m.record.id}`, props: memoryProps(repoId, m), anchors: m.record.domainAnchorIds }));
    if (memoryChanged) for (const part of chunk(rows, 1000)) await graph.write(mergeMemories, { rows: part.map(({ id, props }) => ({ id, props })) });
    for (const part of chunk(rows, 500)) await graph.write(replaceMemoryAppliesTo, { rows: part.map((r) => ({ id: r.id, anchorIds: matchAnchors(anchors, r.anchors) })) });
  }
  await graph.write(setRepoHashes, { repoId, props: { seedHash: seeds.hash, memoryHash: memories.hash } });
  if (summary.errors.length) input.log.warn('policy plane rows rejected', { count: summary.errors.length });
  return summary;
}
