import type { Graph } from '../../src/graph/index.js';
import { bump, chunk } from '../write/batches.js';
import { writeBatch, type WriteBatchInput, type WriteBatchResult } from '../write/fact-writer.js';
import { pruneAnchors } from '../write/ingest.queries.js';
import { prepareFile, type DeferredRefNode, type RefRow } from '../write/prepare-rows.js';
import { replaceAndLink } from '../write/replace-and-link.js';
import { linkRefs, type LinkResult } from '../write/ref-linker.js';
import { validateFacts } from '../write/validate-facts.js';
import { anchorOf, anchorRows } from './anchors.js';
import type { ProgressListener } from './progress.js';
import type { SourceInfo } from './read-files.js';
import type { ExtractedFile, TreeEntry } from './extraction-cache.js';
import type { TreeEntryWriter } from './extraction-cache-writer.js';
import type { FileDeps } from './known-files.js';
import type { PipelineSettings } from './settings.js';
import type { IngestSummary } from './summary.js';

// No parser is imported here (only types): a run whose every file comes from the extraction cache
// writes through this module without loading ts-morph (cached-phase.ts).
export interface WriteStep {
  graph: Graph;
  settings: PipelineSettings;
  repoId: string;
  summary: IngestSummary;
  /** Runs the extractors on one file and computes its searchable text (parse-phase.ts); absent when every file is a cache hit. */
  extract?: (info: SourceInfo) => ExtractedFile;
  /** Called after each batch's extraction (a streamed run trims its project). */
  afterBatch?: () => void;
  /** Called once the last file is extracted, before the last writes and the link step (a one-shot run lets go of its project). */
  afterExtraction?: () => void;
  onProgress?: ProgressListener | undefined;
  /** The files to parse and write, and the files gone from disk. */
  toParse: SourceInfo[];
  deleted: string[];
  /** The File rows the graph held before the run (empty on a first ingest). */
  known: ReadonlyMap<string, unknown>;
  incremental: boolean;
  /** Files of this tree extracted before (taken instead of extracting), and the entry the run's extractions are written to. */
  cache?: { entry: TreeEntry; writer: TreeEntryWriter };
}

interface LinkCollect {
  refs: RefRow[];
  changedKeys: Set<string>;
  touchedIds: Set<string>;
  /** What each parsed file's facts depend on (its File node's `reads`, `mountReads`, `mountSig`). */
  deps: Map<string, FileDeps>;
  /** First ingest: the Ref nodes, built and written by the link step with their resolution (see ref-linker.ts). */
  refNodes?: Map<string, DeferredRefNode>;
}

/** Node rows (Ref nodes included) and intra-file edge rows of prepared files (what a transaction's state grows with). */
function rowsOf(files: ReadonlyArray<{ nodes: unknown[]; edges: unknown[] }>): number {
  let rows = 0;
  for (const file of files) rows += file.nodes.length + file.edges.length;
  return rows;
}

const yieldNow = (): Promise<void> => new Promise((r) => setImmediate(r));
const since = (t: number): number => Math.round(performance.now() - t);

/**
 * An incremental run that touches at most this many files (parsed + deleted) replaces, prunes and
 * re-links in one transaction (`atomicMaxFiles`, ingest/README.md "Atomic updates").
 */
export function isAtomic(step: Pick<WriteStep, 'incremental' | 'toParse' | 'deleted' | 'settings'>): boolean {
  return step.incremental && step.toParse.length + step.deleted.length <= step.settings.atomicMaxFiles;
}

/**
 * Parses the files and replaces their facts, deletes the facts of deleted files, then links references.
 * A small incremental run (isAtomic, and at most `atomicMaxRows` rows once parsed) does all the writing
 * in ONE transaction, so readers never see a file without its reference edges; larger runs write
 * bounded batches (one transaction each, parsing of the next batch overlapping the write) and then
 * link. Returns what each parsed file's facts depend on.
 */
export async function parseAndWrite(step: WriteStep): Promise<Map<string, FileDeps>> {
  const { graph, repoId, settings, summary, deleted } = step;
  if (!isAtomic(step)) {
    summary.writeMode = 'batched';
    let writeMs = 0;
    const into = await parseBatches(step, async (batch, collected) => {
      const w0 = performance.now();
      collect(summary, collected, await writeBatch(graph, batch));
      writeMs += since(w0);
    });
    summary.timings.writeMs += writeMs;
    return finishBatched(step, into);
  }
  const batches: WriteBatchInput[] = [];
  const into = await parseBatches(step, async (batch) => void batches.push(batch));
  step.onProgress?.({ phase: 'write', done: step.toParse.length, total: step.toParse.length, filesPerSecond: 0 });
  const t0 = performance.now();
  if (summary.writeRows > settings.atomicMaxRows) {
    // Few files but many facts (generated or very large files): the transaction would hold too much.
    summary.writeMode = 'batched';
    for (const batch of batches) collect(summary, into, await writeBatch(graph, batch));
    summary.timings.writeMs += since(t0);
    return finishBatched(step, into);
  }
  summary.writeMode = 'atomic';
  const done = await replaceAndLink(graph, { repoId, batches, deleted, rewritten: rewrittenPaths(step), refs: into.refs, batchFiles: settings.batchFiles, batchRows: settings.batchRows });
  for (const w of done.writes) collect(summary, into, w);
  record(summary, done.link);
  // The link's share of the one transaction, measured inside it; the rest (commit included) is the write.
  summary.timings.linkMs = done.linkMs;
  summary.timings.writeMs += since(t0) - done.linkMs;
  return into.deps;
}

/** After batched writes: delete the facts of deleted files, prune their anchors, then the link step. */
async function finishBatched(step: WriteStep, into: LinkCollect): Promise<Map<string, FileDeps>> {
  const { graph, repoId, settings, summary, deleted } = step;
  if (deleted.length) {
    const t0 = performance.now();
    const rewritten = rewrittenPaths(step);
    for (const paths of chunk(deleted, settings.batchFiles)) {
      collect(summary, into, await writeBatch(graph, { repoId, files: [], replacing: paths, incremental: true, rewritten, anchors: { nodes: [], contains: [] }, batchRows: settings.batchRows }));
    }
    await graph.write(pruneAnchors, { repoId });
    summary.timings.writeMs += since(t0);
  }
  step.onProgress?.({ phase: 'link', done: step.toParse.length, total: step.toParse.length, filesPerSecond: 0 });
  const t1 = performance.now();
  record(summary, await linkRefs(graph, {
    repoId, refs: into.refs, incremental: step.incremental, changedKeys: into.changedKeys, touchedIds: into.touchedIds, batchRows: settings.batchRows,
    ...(into.refNodes ? { refNodes: into.refNodes } : {}),
  }));
  summary.timings.linkMs = since(t1);
  return into.deps;
}

function record(summary: IngestSummary, linked: LinkResult): void {
  summary.refs = { byStatus: linked.byStatus, byKind: linked.byKind, relinked: linked.relinked, dangling: linked.dangling };
  for (const [type, n] of Object.entries(linked.edges)) bump(summary.edges, type, n);
}

function collect(summary: IngestSummary, into: LinkCollect, result: WriteBatchResult): void {
  for (const [label, n] of Object.entries(result.nodes)) if (label !== 'Ref') bump(summary.facts, label, n);
  for (const [type, n] of Object.entries(result.edges)) bump(summary.edges, type, n);
  summary.deletedFacts += result.deletedNodes;
  summary.droppedEdges += result.droppedEdges;
  result.changedKeys.forEach((k) => into.changedKeys.add(k));
  result.touchedIds.forEach((k) => into.touchedIds.add(k));
}

/** The files a run writes anew: parsed or deleted. */
function rewrittenPaths(step: Pick<WriteStep, 'toParse' | 'deleted'>): Set<string> {
  return new Set([...step.toParse.map((i) => i.path), ...step.deleted]);
}

/**
 * Extracts the files batch by batch and hands each batch to `write`; the next batch is parsed while
 * the previous one is written (one write in flight). A failed write fails the run.
 */
async function parseBatches(step: WriteStep, write: (batch: WriteBatchInput, into: LinkCollect) => Promise<void>): Promise<LinkCollect> {
  const { settings, repoId, summary, toParse, known, incremental } = step;
  const into: LinkCollect = { refs: [], changedKeys: new Set(), touchedIds: new Set(), deps: new Map(), ...(incremental ? {} : { refNodes: new Map() }) };
  const parseStart = performance.now();
  let parseMs = 0;
  const rewritten = rewrittenPaths(step);
  // First ingest of the repo: nothing of it exists yet, so the writer CREATEs instead of MERGEing.
  const created = incremental ? undefined : new Set<string>();
  let inflight: Promise<void> | undefined;
  let failure: unknown;
  let done = 0;
  for (const batch of chunk(toParse, settings.batchFiles)) {
    const prepared = [];
    for (const info of batch) {
      const t = performance.now();
      const { facts, deps, text } = extractOrReuse(step, info);
      into.deps.set(info.path, deps);
      for (const e of facts.events) summary.events[e.kind] = (summary.events[e.kind] ?? 0) + 1;
      if (info.skipReason) summary.events.skipped = (summary.events.skipped ?? 0) + 1;
      const anchor = anchorOf(info.path, settings.anchorDepth, settings.anchorExclude);
      prepared.push(prepareFile(repoId, summary.snapshotId, info, facts, anchor, deps, text, { deferRefNodes: into.refNodes !== undefined }));
      parseMs += performance.now() - t;
      done++;
      if (done % 50 === 0 || done === toParse.length) {
        step.onProgress?.({ phase: 'parse', done, total: toParse.length, filesPerSecond: done / Math.max((performance.now() - parseStart) / 1000, 0.001) });
      }
      if (inflight) await yieldNow();
    }
    step.afterBatch?.();
    for (const p of prepared) into.refs.push(...p.refs);
    summary.writeRows += rowsOf(prepared);
    if (into.refNodes) {
      // First ingest: the Ref nodes are held back for the link step, which creates them resolved.
      for (const p of prepared) {
        summary.writeRows += p.refs.length;
        for (const ref of p.refs) into.refNodes.set(ref.id, { ref, base: p.base });
      }
    }
    await inflight;
    if (failure) throw failure;
    const replacing = prepared.filter((p) => known.has(p.path)).map((p) => p.path);
    const anchors = anchorRows(repoId, summary.snapshotId, new Set(prepared.map((p) => p.anchor)));
    inflight = write({ repoId, files: prepared, replacing, incremental, rewritten, anchors, batchRows: settings.batchRows, ...(created ? { created } : {}) }, into)
      .catch((error: unknown) => void (failure ??= error));
  }
  step.afterExtraction?.();
  await inflight;
  if (failure) throw failure;
  summary.timings.parseMs += Math.round(parseMs);
  return into;
}

/** The file's facts from the cache when its tree holds them, else extracted now (and kept for the cache). */
function extractOrReuse(step: WriteStep, info: SourceInfo): ExtractedFile {
  const hit = step.cache?.entry.shas.get(info.path) === info.sha256 ? step.cache.entry.get(info.path) : undefined;
  // Validated again: the entry is a file on disk, and the allowlists may have moved since it was written.
  if (hit) return { ...hit, facts: validateFacts(hit.facts) };
  if (!step.extract) throw new Error(`no cached facts for ${info.path} and no extractors loaded`);
  const extracted = step.extract(info);
  step.cache?.writer.add(info.path, { sha256: info.sha256, ...extracted });
  return extracted;
}
