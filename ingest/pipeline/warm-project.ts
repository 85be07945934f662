import { join } from 'node:path';
import type { Project } from 'ts-morph';
import type { Graph } from '../../src/graph/index.js';
import type { Logger } from '../../src/runtime/logger.js';
import { lazyTargetsOf, reachOf, ROUTE_HINT, routeIndexLoaderPaths, routesExtractor } from '../extractors/routes/index.js';
import { projectFileText } from '../extractors/support/project-files.js';
import { resolveModulePath } from '../extractors/support/modules.js';
import { isTypeScriptSource, repoPathOf } from '../extractors/support/source.js';
import { walkStarTargets } from '../extractors/support/star-exports.js';
import { sourceFileAt } from '../extractors/support/syntax-resolve.js';
import type { TsProjectCache } from './project-cache.js';
import { projectForWarmUp } from './ts-project.js';
import { warmExtractor, warmSamples, type WarmExtraction } from './warm-extractors.js';
import { rehearseEdit, rehearseRelationshipMerges } from './warm-write.js';

export interface WarmStats {
  /** Lazy-route targets whose reach was computed. */
  targets: number;
  /** Files reached through the `export *` barrels of the tsconfig's path aliases. */
  barrels: number;
  /** Files the project holds afterwards. */
  held: number;
  /** Files extracted (facts dropped) to warm the extractors. */
  extracted: number;
  /** Of those, edits rehearsed in a rolled-back transaction (warm-write.ts). */
  rehearsed: number;
  /** Relationship types whose one-file MERGE was planned (rehearseRelationshipMerges). */
  relTypes: number;
  /** Routes files whose routes were linked (warmRouteLinks). */
  routeFiles: number;
  ms: number;
}

/** Runs one bounded piece of the warm-up and gives its result (the watcher queues it behind its ingest runs; undefined once it closed). */
export type WarmStep = <T>(work: () => T | Promise<T>) => Promise<T | undefined>;

export interface WarmOptions {
  step: WarmStep;
  stopped: () => boolean;
  /** The run's settings and extractors: given, a few held files per Angular role are extracted at the end (warm-extractors.ts). */
  extraction?: Omit<WarmExtraction, 'repoId' | 'snapshotId'>;
  /** Given with `extraction`, each sample's edit is also rehearsed in a transaction that is rolled back (warm-write.ts). */
  graph?: Graph;
}

/**
 * Warms a watcher's project while it is idle: builds the lazy-route index and every lazy target's
 * reach, which the first routing-module edit after the start would otherwise build (ever-gauzy: that
 * edit took 4.5–4.6 s, 0.4 s after the warm-up; bench/ingest/README.md). The index first, then one
 * target per step, each queued behind the watcher's runs through `step`; `stopped` ends it early.
 * It loads only what that edit would load, so it changes no fact. Loading every file ahead of its first
 * edit was measured too and not kept: no gain on kendraio, slower edits on ever-gauzy (8,226 files, 0.9 GB).
 * Then the barrels behind the tsconfig's path aliases are walked (warmBarrels). Then, given the run's
 * settings, a few held files per Angular role are extracted and, given the graph, each one's edit is
 * rehearsed (written and rolled back; their facts are dropped), then every relationship type's MERGE is
 * planned at an edit's row counts. Last, the routes files' links (warmRouteLinks).
 */
export async function warmProject(cache: TsProjectCache, root: string, log: Logger, options: WarmOptions): Promise<WarmStats | undefined> {
  const started = performance.now();
  const repoId = cache.identity?.value.repoId;
  if (!repoId) return undefined;
  const project = await options.step(() => projectForWarmUp(cache, root, log));
  if (!project) return undefined;
  const env = { repoId, root, project };
  const targets = (await options.step(() => lazyTargetsOf(env))) ?? [];
  for (const target of targets) {
    // A run in between may have replaced the project (another root): its index is its own then.
    if (options.stopped() || cache.project !== project) return undefined;
    await options.step(() => reachOf(env, target));
  }
  const barrels = await warmBarrels(cache, root, project, options);
  if (barrels === undefined) return undefined;
  const samples = await warmExtraction(cache, root, project, options);
  if (samples === undefined) return undefined;
  const routeFiles = await warmRouteLinks(cache, root, project, targets, options);
  if (routeFiles === undefined) return undefined;
  return { targets: targets.length, barrels, held: project.getSourceFiles().length, ...samples, routeFiles, ms: Math.round(performance.now() - started) };
}

/** Files a barrel walk reaches at most: the project's text source keeps 4,000 texts (pipeline/ts-project.ts). */
const MAX_BARREL_FILES = 3_000;

/**
 * Walks the `export *` barrels behind each path alias of the tsconfig (a monorepo's `@scope/lib` entries),
 * one alias per step (walkStarTargets). Without it, the first edit that imported from ever-gauzy's
 * `@gauzy/core` read and parsed its barrels: 132–150 ms of parsing, 57 ms after another file's edit had
 * walked them (bench/ingest/README.md). Returns the files reached; undefined when stopped.
 */
async function warmBarrels(cache: TsProjectCache, root: string, project: Project, options: WarmOptions): Promise<number | undefined> {
  const env = { root, project };
  const seen = new Set<string>();
  for (const entry of aliasEntries(project, root)) {
    if (options.stopped() || cache.project !== project) return undefined;
    if (seen.size >= MAX_BARREL_FILES) break;
    await options.step(() => {
      const file = sourceFileAt(env, entry);
      if (file && !seen.has(file.fileName)) walkStarTargets(env, file, seen, MAX_BARREL_FILES);
    });
  }
  return seen.size;
}

/** The repository files the tsconfig's path aliases without a wildcard lead to, in the tsconfig's order. */
function aliasEntries(project: Project, root: string): string[] {
  const from = join(root, 'index.ts');
  const entries = Object.keys(project.getCompilerOptions().paths ?? {})
    .filter((alias) => !alias.includes('*'))
    .map((alias) => resolveModulePath(project, from, alias))
    .filter((abs): abs is string => abs !== undefined && repoPathOf(root, abs) !== undefined);
  return [...new Set(entries)];
}

/** The extractors' warm-up (warm-extractors.ts) and the edits' rehearsals, one per step; undefined when stopped. */
async function warmExtraction(cache: TsProjectCache, root: string, project: Project, options: WarmOptions): Promise<{ extracted: number; rehearsed: number; relTypes: number } | undefined> {
  const known = cache.known;
  const done = { extracted: 0, rehearsed: 0, relTypes: 0 };
  if (!options.extraction || !known) return done;
  const run = { ...options.extraction, repoId: known.repoId, snapshotId: known.snapshotId };
  const { graph } = options;
  const sizeOf = (path: string): number | undefined => project.getSourceFile(join(root, path))?.getEnd();
  for (const path of warmSamples(cache.shas.keys(), known.files, sizeOf)) {
    if (options.stopped() || cache.project !== project) return undefined;
    const sample = await options.step(() => warmExtractor(project, root, path, run));
    if (!sample) continue;
    done.extracted++;
    if (!graph || options.stopped()) continue;
    // A rehearsal that fails (a lock held by another writer past its timeout, a server away) costs only its time.
    const rehearsed = await options.step(() => rehearseEdit({ graph, ...run, root }, sample.source, sample.extracted).catch(() => false));
    if (rehearsed) done.rehearsed++;
  }
  if (!graph) return done;
  const relTypes = await rehearseRelationshipMerges(graph, options.step, () => options.stopped() || cache.project !== project);
  if (relTypes === undefined) return undefined;
  return { ...done, relTypes };
}

/** Files named as routes files: `app-routing.module.ts`, `admin.routing.ts`, `app.routes.ts`, `plugin.route.ts`. */
const ROUTES_FILE = /(?:routing(?:\.module)?|routes?)\.ts$/;
/** Routes files linked at most (each loads the files its routes name into the project). */
const MAX_ROUTE_FILES = 500;

/**
 * Runs the routes extractor (facts dropped) on every file with route syntax among the files named as
 * routes files, the loader files, the lazy targets and what they reach. Linking a route's component,
 * guards and resolvers loads their files into the project, which an edit of that routes file would
 * otherwise parse: on ever-gauzy 141 files, 268 more files held, a routing-module edit's parse
 * 45 → 13 ms (median; bench/ingest/README.md). Returns the files extracted; undefined when stopped.
 */
async function warmRouteLinks(cache: TsProjectCache, root: string, project: Project, targets: readonly string[], options: WarmOptions): Promise<number | undefined> {
  const known = cache.known;
  if (!options.extraction || !known) return 0;
  const env = { repoId: known.repoId, root, project };
  const paths = new Set<string>([...routeIndexLoaderPaths(project), ...targets.flatMap((target) => [...reachOf(env, target)])]);
  for (const path of known.files.keys()) if (ROUTES_FILE.test(path)) paths.add(path);
  const run = { ...options.extraction, repoId: known.repoId, snapshotId: known.snapshotId, extractors: [routesExtractor] };
  let done = 0;
  for (const path of [...paths].filter((p) => isTypeScriptSource(p) && routesExtractor.appliesTo(p)).sort()) {
    if (options.stopped() || cache.project !== project) return undefined;
    if (done >= MAX_ROUTE_FILES) break;
    const linked = await options.step(() => (ROUTE_HINT.test(projectFileText(project, join(root, path)) ?? '') ? warmExtractor(project, root, path, run) : undefined));
    if (linked) done++;
  }
  return done;
}
