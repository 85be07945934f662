import type { Project } from 'ts-morph';
import { filesMountedBy, ROUTE_HINT } from '../extractors/routes/index.js';
import { fileKind, isTypeScriptKind } from './file-kind.js';
import type { KnownFile } from './known-files.js';
import { readOne, type SourceInfo } from './read-files.js';
import type { PipelineSettings } from './settings.js';
import type { IngestSummary } from './summary.js';

/** Text that can make a file a route loader (same test as the lazy-route index). */
const LOADER_HINT = /loadChildren|children\s*:\s*[A-Za-z_$]/;

/**
 * After changed files are in the project: the files a changed loader mounts now (a lazy target it
 * starts loading, a routes array it starts using as `children`) are re-extracted too, so their
 * routes get the new prefix and `CHILD_OF` edge. Files already queued are left alone, and so are
 * files whose known mounts already came from a changed loader (`known`: mount-dependents.ts checks
 * those) and files without route syntax; the others are read (counted as dependents) and appended
 * to `toParse`. Call it with the
 * project returned by the pipeline's project sync, before extraction.
 */
export async function addNewlyMounted(
  project: Project, root: string, repoId: string, settings: PipelineSettings, known: ReadonlyMap<string, KnownFile>,
  toParse: SourceInfo[], current: Map<string, SourceInfo>, summary: IngestSummary,
): Promise<string[]> {
  const loaders = toParse.filter((i) => isTypeScriptKind(i.kind) && !i.skipReason && LOADER_HINT.test(i.text ?? '')).map((i) => i.path);
  if (!loaders.length) return [];
  const queued = new Set(toParse.map((i) => i.path));
  const changedLoaders = new Set(loaders);
  const mountedBefore = (path: string): boolean => {
    const before = known.get(path);
    return before !== undefined && [...before.reads, ...before.mountReads].some((p) => changedLoaders.has(p));
  };
  const added: string[] = [];
  for (const path of filesMountedBy({ repoId, root, project }, loaders)) {
    if (queued.has(path) || !isTypeScriptKind(fileKind(path)) || mountedBefore(path)) continue;
    const info = current.get(path) ?? (await readOne(root, path, settings.maxFileBytes));
    // Only the routes extractor reads mounts: a file without route syntax (a component the module imports) keeps its facts.
    if (!info || !ROUTE_HINT.test(info.text ?? '')) continue;
    toParse.push(info);
    current.set(path, info);
    queued.add(path);
    added.push(path);
  }
  summary.files.dependents += added.length;
  summary.files.parsed = toParse.length;
  return added;
}
