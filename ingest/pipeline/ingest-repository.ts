import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { int, type Graph } from '../../src/graph/index.js';
import type { Logger } from '../../src/runtime/logger.js';
import type { Extractor } from '../model/extractor.js';
import { majorFromPackageJson } from '../extractors/angular/angular-version.js';
import { readGitHead, type GitHead } from '../history/git-log.js';
import { cachedGitHead } from '../history/git-head-cache.js';
import { historyIfCurrent, prefetchWindow, syncHistory, type WindowAhead } from '../history/history-sync.js';
import { ingestPolicyPlane, policyIfUnchanged } from '../policy/policy-ingest.js';
import { awaitFulltextRefresh, countFacts, readRepo, recordSnapshot, releaseLock, SNAPSHOTS_KEPT, type RepoRow } from '../write/ingest.queries.js';
import { detectChanges } from './detect-changes.js';
import { canonicalRoot, isInside } from './discovery.js';
import { addImportersOfDeleted } from './importers.js';
import { acquireIngestLock, type HeldLock } from './ingest-lock.js';
import { isCurrent, loadKnownFiles, NO_DEPS, putKnownFile, rememberKnownFiles, takeKnown, type FileDeps, type KnownFile } from './known-files.js';
import type { ProgressListener } from './progress.js';
import { identifyRepo, type RepoIdentity } from './repo-identity.js';
import type { SourceInfo } from './read-files.js';
import { resolveSettings, type PipelineSettings } from './settings.js';
import { cachedPhase, cacheServesRun, closeRunCache, openRunCache } from './cached-phase.js';
import type { ExtractionCacheOptions } from './extraction-cache.js';
import { extractionKey } from './extraction-key.js';
import { GitTree, snapshotIdOf } from './snapshot.js';
import { advanceTsPaths } from './snapshot-entries.js';
import { loadStatCache, saveStatCache, withCachedStats } from './stat-cache.js';
import { emptySummary, recordedSummary, recordedTimings, type IngestSummary } from './summary.js';
import { isWarm, type TsProjectCache } from './project-cache.js';
import { textMemo } from '../../src/runtime/text-memo.js';

export interface IngestOptions {
  graph: Graph;
  /** Repository root (any path; it is realpath'd). */
  root: string;
  log: Logger;
  settings?: Partial<PipelineSettings>;
  onProgress?: ProgressListener;
  /** Only look at these paths (absolute or repo-relative), e.g. from a file watcher. */
  changedPaths?: string[];
  /** The extractor set (default: the registry in ingest/extractors/index.ts). */
  extractors?: readonly Extractor[];
  /** Also count all facts of the repo after the run (one read query). Default true. */
  totals?: boolean;
  /** A ts-morph project kept between runs (watch mode): only changed files are re-parsed. */
  projectCache?: TsProjectCache;
  /**
   * The root recorded on the Repo node when it is not `root`: a copy or worktree ingested under the
   * main repository's id keeps `Repo.root` (and the git history) on the main checkout.
   */
  recordedRoot?: string;
  /**
   * Write the fact plane only: no policy plane, memories or git history. A work's overlay
   * (src/execution/overlay/) is the facts of the files the work changed; the rest stays the base's.
   */
  factsOnly?: boolean;
  /**
   * Take the root's TypeScript files from a discovery instead of the known File rows, for the project to
   * load on demand. A work's overlay knows only the files the work changed, but their extraction
   * resolves routes, symbols and grids across the whole workspace.
   */
  projectFromDiscovery?: boolean;
  /** The heap a full run's automatic project budget plans for (`projectMaxFiles: 'auto'`; default: this process's limit, heap.ts). */
  heapLimitBytes?: number;
  /** Where the extraction cache lives and its bound (default: GRAPHGATE_HOME, GRAPHGATE_EXTRACTION_CACHE_MB; extraction-cache.ts). */
  extractionCache?: ExtractionCacheOptions;
}

const since = (t: number): number => Math.round(performance.now() - t);

/** The package.json parses by root: a monorepo's is large, and most runs find it unchanged. */
const packageJsonMajors = textMemo<number | null>();

/** The root package.json's `@angular/core` major (read every run: a watcher sees a version bump). */
function angularMajorAt(root: string): number | null {
  try {
    const abs = realpathSync(join(root, 'package.json'));
    if (!isInside(root, abs)) return null;
    const text = readFileSync(abs, 'utf8');
    return packageJsonMajors(root, text, majorFromPackageJson);
  } catch {
    return null;
  }
}

/**
 * Ingests a repository into the graph: discover → read + hash → (only what changed) parse with the
 * extractors → replace each file's facts → link references → policy plane → record the snapshot.
 * Serialised per repo by a lock in Neo4j. A run over an unchanged repo writes nothing, and a whole-tree
 * run finds that out before it takes the lock.
 */
export async function ingestRepository(options: IngestOptions): Promise<IngestSummary> {
  const started = performance.now();
  const root = canonicalRoot(options.root);
  const settings = { ...resolveSettings(root, options.settings), angularMajor: angularMajorAt(root) };
  const identity = await cachedIdentity(root, settings.repoId, options.projectCache);
  let summary = emptySummary(identity.repoId, root);
  const probe = await currentWithoutLock(options, root, settings, identity, summary);
  if (probe === 'current') return finished(options, summary, started);
  const waited = performance.now();
  const lock = await acquireIngestLock(options.graph, identity.repoId, { leaseMs: settings.lockLeaseMs, waitMs: settings.lockWaitMs, log: options.log });
  const lockWaitMs = since(waited);
  try {
    // The probe's scan still holds when no run wrote since (same snapshot, no writing mark); else scan again.
    const unmoved = probe && (lock.seen ? sameRepoState(probe.repoRow, lock.seen.repo) : await repoUnmoved(options.graph, identity.repoId, probe.repoRow));
    const scanned = unmoved ? probe : undefined;
    if (!scanned) summary = emptySummary(identity.repoId, root);
    summary.timings.lockWaitMs = lockWaitMs;
    await run(options, root, settings, identity, summary, started, lock, scanned);
  } finally {
    await lock.release();
  }
  return finished(options, summary, started);
}

function finished(options: IngestOptions, summary: IngestSummary, started: number): IngestSummary {
  summary.timings.totalMs = since(started);
  summary.filesPerSecond = summary.files.seen / Math.max(summary.timings.totalMs / 1000, 0.001);
  options.onProgress?.({ phase: 'done', done: summary.files.parsed, total: summary.files.parsed, filesPerSecond: summary.filesPerSecond });
  options.log.info('ingest finished', { repoId: summary.repoId, snapshotId: summary.snapshotId, files: summary.files, ms: summary.timings.totalMs });
  return summary;
}

/** identifyRepo runs git twice (≈15–25 ms); a watcher's cache keeps the answer for its root. */
async function cachedIdentity(root: string, configured: string | undefined, cache?: TsProjectCache): Promise<RepoIdentity> {
  const key = `${root}\0${configured ?? ''}`;
  if (cache?.identity?.key === key) return cache.identity.value;
  const value = await identifyRepo(root, configured);
  if (cache) cache.identity = { key, value };
  return value;
}

/** What a run found on disk and in the graph before it writes anything. */
interface TreeScan {
  repoRow: RepoRow | undefined;
  known: Map<string, KnownFile>;
  incremental: boolean;
  staleExtraction: boolean;
  key: string;
  changes: Awaited<ReturnType<typeof detectChanges>>;
  /** HEAD for the history step, read while the run goes on. */
  head: Promise<GitHead> | undefined;
  /** The history window, read while the run goes on when HEAD moved (whole-tree runs only). */
  window: Promise<WindowAhead | null> | undefined;
}

/**
 * A whole-tree run of a repository the graph already holds is most often a no-op: a CLI re-run, or the
 * first turn of each of K MCP servers started at once, which queued on the lock for one read each
 * (6–7.8 s for the last of eight on a server that had just started). It scans and compares without
 * the lock. 'current': nothing to write (the summary is filled); a scan: what the locked run may reuse;
 * undefined: not probed (a watcher's paths, a warm process, a work's overlay, a first ingest).
 */
async function currentWithoutLock(options: IngestOptions, root: string, settings: PipelineSettings, identity: RepoIdentity, summary: IngestSummary): Promise<'current' | TreeScan | undefined> {
  if (options.changedPaths || options.factsOnly || options.projectCache?.known) return undefined;
  // A first ingest, or one after a run that died writing, needs the lock anyway: no scan twice.
  const [before] = await options.graph.read(readRepo, { repoId: identity.repoId });
  if (!before || before.writing) return undefined;
  const scan = await scanTree(options, root, settings, identity, summary, { row: before });
  const { changes } = scan;
  if (scan.known.size === 0) return undefined;
  if (changes.toParse.length > 0 || changes.deleted.length > 0 || summary.snapshotId !== before.snapshotId) return scan;
  const policy = policyIfUnchanged(root, before);
  const history = policy && await historyIfCurrent({ graph: options.graph, root: historyRootOf(options, root), repoId: identity.repoId, maxCommits: settings.historyMaxCommits, inGit: identity.inGit, log: options.log, ...(scan.head ? { head: scan.head } : {}) });
  // A run that wrote while this one read would show as a moved snapshot or a writing mark.
  if (!policy || !history || !(await repoUnmoved(options.graph, identity.repoId, before))) return scan;
  summary.policy = policy;
  summary.history = history;
  await rememberRun(options, root, summary, scan, new Map());
  return 'current';
}

/** True when the Repo node is still at `before`'s snapshot and no run is writing. */
async function repoUnmoved(graph: Graph, repoId: string, before: RepoRow | undefined): Promise<boolean> {
  const [now] = await graph.read(readRepo, { repoId });
  return sameRepoState(before, now);
}

function sameRepoState(before: RepoRow | undefined, now: RepoRow | undefined): boolean {
  return before !== undefined && now !== undefined && !now.writing && !before.writing && now.snapshotId === before.snapshotId && now.extractionKey === before.extractionKey;
}

/** A kept process (a watcher, the MCP server) asks git for HEAD only when a ref file moved. */
function headOf(root: string, cache: TsProjectCache | undefined): Promise<GitHead> {
  if (!cache) return readGitHead(root);
  cache.gitHead ??= {};
  return cachedGitHead(root, cache.gitHead);
}

function historyRootOf(options: IngestOptions, root: string): string {
  return options.recordedRoot ? canonicalRoot(options.recordedRoot) : root;
}

/** `repoRead`: the Repo row when the caller has just read it (the lock-free check, or with the lock), else read here. */
async function scanTree(options: IngestOptions, root: string, settings: PipelineSettings, identity: RepoIdentity, summary: IngestSummary, repoRead?: { row: RepoRow | undefined }): Promise<TreeScan> {
  const { graph, log } = options;
  const { repoId } = identity;
  // The history step's HEAD, read while the run parses and writes (a watcher's run would otherwise wait
  // for the git process). Its failure is the history step's to report: nothing awaits it before.
  const head = !options.factsOnly && identity.inGit && settings.historyMaxCommits > 0 ? headOf(historyRootOf(options, root), options.projectCache) : undefined;
  head?.catch(() => undefined);
  // A watcher's or an edit's run rarely moves HEAD: only whole-tree runs read the window ahead.
  const window = head && !options.changedPaths ? prefetchWindow({ graph, root: historyRootOf(options, root), repoId, maxCommits: settings.historyMaxCommits, head }) : undefined;
  // The cached File rows are taken out for the run and only put back (updated) when it succeeds.
  const warm = takeKnown(options.projectCache);
  const repoRow = repoRead ? repoRead.row : (await graph.read(readRepo, { repoId }))[0];
  const t = performance.now();
  const graphSnapshotId = repoRow && !repoRow.writing ? repoRow.snapshotId : null;
  summary.knownFrom = isCurrent(warm, repoId, graphSnapshotId) ? 'cache' : 'graph';
  const known = await loadKnownFiles(graph, repoId, graphSnapshotId, warm);
  // A cold process's scan of every file: the stats an earlier process saw spare reading the unchanged ones
  // (not when every file is re-extracted below: that needs every file's text).
  const reusable = repoRow !== undefined && !repoRow.writing && repoRow.extractionKey === extractionKey(settings);
  if (summary.knownFrom === 'graph' && !options.changedPaths && known.size > 0 && reusable) withCachedStats(known, loadStatCache(root, repoId));
  summary.timings.knownMs = since(t);
  const incremental = known.size > 0;
  summary.previousSnapshotId = repoRow?.snapshotId ?? null;
  summary.mode = options.changedPaths ? 'paths' : incremental ? 'incremental' : 'full';

  // What is on disk now (all of it, or only the paths a watcher reported), and what depends on it.
  const onDiscovered = (total: number): void => options.onProgress?.({ phase: 'read', done: 0, total, filesPerSecond: 0 });
  const changes = await detectChanges(root, settings, known, options.changedPaths, summary, onDiscovered);
  const { entries, current, deleted, toParse } = changes;
  if (incremental) await addImportersOfDeleted(graph, repoId, root, settings, known, { deleted, toParse, current }, summary);
  // A run that died writing, or facts written by other extractors or settings: re-extract every file once.
  const key = extractionKey(settings);
  const staleExtraction = incremental && repoRow?.extractionKey !== key;
  if (incremental && (repoRow?.writing || staleExtraction) && !options.changedPaths) {
    if (staleExtraction) log.info('the stored facts come from other extractors or settings: re-extracting every file', { repoId, stored: repoRow?.extractionKey ?? null, current: key });
    reextractAll(toParse, current, summary);
  }
  const ts = performance.now();
  summary.snapshotId = snapshotIdOf(entries, identity.inGit, snapshotTree(options.projectCache, root), graphSnapshotId);
  summary.timings.snapshotMs = since(ts);
  return { repoRow, known, incremental, staleExtraction, key, changes, head, window };
}

async function run(options: IngestOptions, root: string, settings: PipelineSettings, identity: RepoIdentity, summary: IngestSummary, started: number, lock: HeldLock, scanned?: TreeScan): Promise<void> {
  const { graph, log } = options;
  const { repoId } = identity;
  const scan = scanned ?? await scanTree(options, root, settings, identity, summary, lock.seen ? { row: lock.seen.repo } : undefined);
  const { repoRow, known, incremental, staleExtraction, key, head, window } = scan;
  const { entries, current, deleted, toParse, mountCandidates } = scan.changes;

  const deps = new Map<string, FileDeps>();
  if (toParse.length > 0 || deleted.length > 0) {
    summary.wrote = true;
    const tp = performance.now();
    const cache = openRunCache(options, settings, repoId, summary.snapshotId);
    const input = { options, root, settings, repoId, summary, current, entries, deleted, toParse, mountCandidates, known, incremental, cache };
    // A warm project (a watcher, the daemon) must see every change: such runs go through the parse phase.
    const warm = options.projectCache !== undefined && isWarm(options.projectCache, root);
    try {
      const served = !warm && cacheServesRun(cache, input);
      summary.timings.parseMs += since(tp);
      const tr = performance.now();
      let written = served ? await cachedPhase({ ...input, cache }) : undefined;
      if (!written) {
        // Loaded on the first run that parses: ts-morph, TypeScript and @angular/compiler take 0.5–1.3 s to
        // load, which a run over an unchanged tree (a CLI re-run, a second clone) or a tree the extraction
        // cache holds never pays.
        const { parsePhase } = await import('./parse-phase.js');
        summary.timings.parseMs += since(tr);
        written = await parsePhase(input);
      }
      written.forEach((d, path) => deps.set(path, d));
    } finally {
      closeRunCache(cache);
    }
  }
  // The facts are committed: the full-text refresh is awaited while the steps below run (none of them
  // writes what those indexes hold, but the history's commits, waited for again when it wrote some).
  const refreshed = summary.wrote ? fulltextRefresh(graph) : undefined;

  // 2. Policy plane and memories (skipped when their inputs and the anchor set are unchanged).
  options.onProgress?.({ phase: 'policy', done: toParse.length, total: toParse.length, filesPerSecond: 0 });
  const t2 = performance.now();
  if (!options.factsOnly) {
    summary.policy = await ingestPolicyPlane({ graph, root, repoId, log, previous: repoRow, anchorsChanged: summary.files.added + summary.files.deleted > 0 || !incremental });
  }
  summary.timings.policyMs = since(t2);

  // 2b. Git history: the commit window from HEAD, linked to existing files (git failures are warnings).
  // A work's overlay has none: the history belongs to the main checkout, whose base it is.
  const th = performance.now();
  if (!options.factsOnly) {
    const createdPaths = toParse.filter((i) => !known.has(i.path)).map((i) => i.path);
    summary.history = await syncHistory({
      graph, root: historyRootOf(options, root), repoId, maxCommits: settings.historyMaxCommits, inGit: identity.inGit, createdPaths, log,
      ...(head ? { head } : {}), ...(window ? { window } : {}), ...(lock.seen ? { state: lock.seen.history } : {}),
    });
    if (summary.history.added + summary.history.removed + summary.history.linked > 0) summary.wrote = true;
  }
  const historyMs = since(th);

  // 3. The snapshot (also clears the `writing` mark the first write batch set).
  if (summary.snapshotId !== summary.previousSnapshotId || summary.wrote) {
    const snapshot = { repoId, snapshotId: summary.snapshotId, root: historyRootOf(options, root), remote: identity.remote ?? null, summary: recordedSummary(summary), keep: int(SNAPSHOTS_KEPT),
      timingsJson: recordedTimings(summary, since(started), historyMs), props: {
      inGit: identity.inGit, idSource: identity.source,
      // A paths-only run (watch, a work's edit) re-extracted only those files: the stored key stays until a whole-tree run.
      ...(staleExtraction && options.changedPaths ? {} : { extractionKey: key }),
    } };
    // The run's last write: the lock goes in the same commit (one commit less for a watcher's one-file run).
    await graph.writeTx('ingest/record-snapshot', async (tx) => {
      await tx.run(recordSnapshot, snapshot);
      await tx.run(releaseLock, { repoId, owner: lock.owner });
    });
    lock.releasedWith();
    summary.wrote = true;
  }
  if (summary.wrote) {
    // The full-text indexes are eventually consistent (migration 0007: Lucene updates batched off the
    // commit path); the run ends only once the lexical lane sees what it wrote.
    const tf = performance.now();
    const commitsWritten = (summary.history?.added ?? 0) + (summary.history?.removed ?? 0) > 0;
    await (refreshed && !commitsWritten ? refreshed() : graph.read(awaitFulltextRefresh, {}));
    summary.timings.fulltextMs = since(tf);
  }
  await rememberRun(options, root, summary, scan, deps);
}

/** Starts the wait for the full-text indexes now; the returned function waits for it (its error, if any, surfaces there). */
function fulltextRefresh(graph: Graph): () => Promise<void> {
  const waiting = graph.read(awaitFulltextRefresh, {});
  waiting.catch(() => undefined);
  return async () => {
    await waiting;
  };
}

/** After a successful run: the File rows for the next run of this process, the stats for the next process, the totals. */
async function rememberRun(options: IngestOptions, root: string, summary: IngestSummary, scan: TreeScan, deps: Map<string, FileDeps>): Promise<void> {
  const { current, deleted } = scan.changes;
  const next = advanceKnown(scan.known, current, deleted, deps);
  rememberKnownFiles(options.projectCache, { repoId: summary.repoId, snapshotId: summary.snapshotId, files: next });
  // A scan that read files leaves their stats for the next process (a watcher's one-file runs do not rewrite it).
  if (!options.changedPaths && summary.files.statUnchanged < summary.files.seen) saveStatCache(root, summary.repoId, next);
  if (options.totals !== false) {
    summary.totals = Object.fromEntries((await options.graph.read(countFacts, { repoId: summary.repoId })).map((r) => [r.label, r.count]));
  }
}

/**
 * `Repo.writing` still set when this run holds the lock: an earlier run died between its first write
 * and its snapshot record, so files it wrote may lack references or links (on a first ingest the
 * Ref nodes are only created by the link step). Every file is extracted again (facts replaced).
 */
function reextractAll(toParse: SourceInfo[], current: Map<string, SourceInfo>, summary: IngestSummary): void {
  const queued = new Set(toParse.map((i) => i.path));
  for (const info of current.values()) if (!queued.has(info.path)) toParse.push(info);
  summary.files.parsed = toParse.length;
  summary.files.skipped = toParse.filter((i) => i.skipReason).length;
}

/** The git trees a warm cache kept for this root (a new one otherwise, kept for the next run). */
function snapshotTree(cache: TsProjectCache | undefined, root: string): GitTree | undefined {
  if (!cache) return undefined;
  if (cache.snapshotTree?.root !== root) cache.snapshotTree = { root, tree: new GitTree() };
  return cache.snapshotTree.tree;
}

/**
 * Turns the run's File rows into the ones the graph holds after it succeeded (the cache for the next
 * watcher run), in place: the map is the run's own (taken from the cache or read for it), and copying
 * 10,000 rows cost a one-file run ~4 ms.
 */
function advanceKnown(known: Map<string, KnownFile>, current: Map<string, SourceInfo>, deleted: string[], deps: Map<string, FileDeps>): Map<string, KnownFile> {
  for (const path of deleted) putKnownFile(known, path, undefined);
  for (const info of current.values()) {
    const { path, sha256, blob, executable, stat } = info;
    const d = deps.get(path) ?? known.get(path) ?? NO_DEPS;
    putKnownFile(known, path, { path, sha256, blob, executable, stat, reads: d.reads, mountReads: d.mountReads, mountSig: d.mountSig });
  }
  advanceTsPaths(known, current.keys(), deleted);
  return known;
}
