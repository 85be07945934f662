import type { Project } from 'ts-morph';
import { currentMountSignature } from '../extractors/routes/file-mounts.js';
import type { KnownFile } from './known-files.js';
import { readOne, type SourceInfo } from './read-files.js';
import { readRepoText } from './run-extractors.js';
import type { PipelineSettings } from './settings.js';
import type { IngestSummary } from './summary.js';

/**
 * After changed files are in the project: of the files whose route mounts came from a changed or
 * deleted file (`candidates`, see mountDependentsOf), those whose mount signature moved are read
 * and appended to `toParse` (counted as dependents). An edit to a routing module that leaves its
 * routes as they were (code elsewhere in the file, a comment) then re-extracts no mounted file;
 * one that renames a path or moves a loader line re-extracts every file below it. Returns the paths
 * added.
 */
export async function addMovedMounts(
  project: Project, root: string, repoId: string, settings: PipelineSettings, candidates: readonly string[],
  known: ReadonlyMap<string, KnownFile>, toParse: SourceInfo[], current: Map<string, SourceInfo>, summary: IngestSummary,
): Promise<string[]> {
  if (!candidates.length) return [];
  const queued = new Set(toParse.map((i) => i.path));
  const env = { repoId, root, project };
  const read = (path: string): string | undefined => readRepoText({ root, sources: current }, path);
  const added: string[] = [];
  for (const path of candidates) {
    if (queued.has(path)) continue;
    const before = known.get(path)?.mountSig ?? null;
    if (before !== null && currentMountSignature(env, path, read) === before) continue;
    const info = current.get(path) ?? (await readOne(root, path, settings.maxFileBytes));
    if (!info) continue;
    toParse.push(info);
    current.set(path, info);
    queued.add(path);
    added.push(path);
  }
  summary.files.dependents += added.length;
  summary.files.parsed = toParse.length;
  summary.files.mountsUnchanged += candidates.length - added.length;
  return added;
}
