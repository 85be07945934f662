import { join } from 'node:path';
import type { Project } from 'ts-morph';
import { currentMountSignature } from '../extractors/routes/file-mounts.js';
import { filesMountedBy, isLoaderText, ROUTE_HINT } from '../extractors/routes/index.js';
import { projectFileText } from '../extractors/support/project-files.js';
import { fileKind, isTypeScriptKind } from './file-kind.js';
import type { KnownFile } from './known-files.js';
import { readOne, type SourceInfo } from './read-files.js';
import { readRepoText } from './run-extractors.js';
import type { PipelineSettings } from './settings.js';
import type { IngestSummary } from './summary.js';

/**
 * The TypeScript files that the queued loaders (changed files with loader syntax) mount now, as the
 * project reads them after the sync: each lazy target, the routing modules it reaches and nested
 * levels. A file that starts being mounted never read the loader, so it is no dependent of it.
 */
export function mountedByChanged(project: Project, root: string, repoId: string, toParse: readonly SourceInfo[]): string[] {
  const loaders = toParse.filter((i) => isTypeScriptKind(i.kind) && !i.skipReason && isLoaderText(i.text ?? '')).map((i) => i.path);
  if (!loaders.length) return [];
  return filesMountedBy({ repoId, root, project }, loaders).filter((path) => isTypeScriptKind(fileKind(path)));
}

/**
 * After changed files are in the project: of `candidates` (files whose route mounts came from a
 * changed or deleted file, and files a changed loader mounts now), those whose routes may have
 * moved are read and appended to `toParse` (counted as dependents). A file without route syntax
 * has no route facts to move; any other is re-extracted unless its mount signature, computed now,
 * equals the one stored with its facts. So an edit to a routing module that leaves its routes as
 * they were (code elsewhere in the file, a comment) re-extracts no mounted file; one that renames a
 * path or moves a loader's line re-extracts every file below it. Returns the paths added.
 */
export async function addMountDependents(
  project: Project, root: string, repoId: string, settings: PipelineSettings, candidates: Iterable<string>,
  known: ReadonlyMap<string, KnownFile>, toParse: SourceInfo[], current: Map<string, SourceInfo>, summary: IngestSummary,
): Promise<string[]> {
  const queued = new Set(toParse.map((i) => i.path));
  const env = { repoId, root, project };
  const read = (path: string): string | undefined => readRepoText({ root, sources: current }, path);
  const added: string[] = [];
  for (const path of [...new Set(candidates)].sort()) {
    if (queued.has(path)) continue;
    // The project's text (held, or read once on demand): a file kept is never read and hashed again.
    const text = projectFileText(project, join(root, path));
    if (text === undefined || !ROUTE_HINT.test(text)) continue;
    const before = known.get(path)?.mountSig ?? null;
    if (before !== null && currentMountSignature(env, path, read) === before) {
      summary.files.mountsUnchanged++;
      continue;
    }
    const info = current.get(path) ?? readOne(root, path, settings.maxFileBytes);
    if (!info) continue;
    toParse.push(info);
    current.set(path, info);
    queued.add(path);
    added.push(path);
  }
  summary.files.dependents += added.length;
  summary.files.parsed = toParse.length;
  return added;
}
