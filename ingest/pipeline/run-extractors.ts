import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import type { Project } from 'ts-morph';
import type { Extractor, IngestSettings } from '../model/extractor.js';
import { emptyFacts, type FileFacts } from '../model/facts.js';
import { validateFacts } from '../write/validate-facts.js';
import { isInside, isSafeRelativePath } from './discovery.js';
import { isTypeScriptKind } from './file-kind.js';
import { decodeText, type SourceInfo } from './read-files.js';
import { NO_DEPS, type FileDeps } from './known-files.js';
import { projectFile } from '../extractors/support/project-files.js';

export interface ExtractionScope {
  repoId: string;
  snapshotId: string;
  root: string;
  settings: IngestSettings;
  project: Project;
  extractors: readonly Extractor[];
  /** Files read in this run, by path (readRepoFile serves them without touching the disk). */
  sources: Map<string, SourceInfo>;
  /** Accumulated milliseconds per extractor. */
  timings: Record<string, number>;
}

export interface Extracted {
  facts: FileFacts;
  deps: FileDeps;
}

/** What a file's facts depend on besides its own text (stored on its File node; see known-files.ts). */
const MAX_MESSAGE = 500;

/** The first line of an error message, bounded (stacks go to the log, never into the graph). */
function messageOf(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return (text.split('\n')[0] ?? '').slice(0, MAX_MESSAGE);
}

/** A repository file's text as this run reads it (its read text, else from disk inside the root); undefined when skipped, missing or outside. */
export function readRepoText(scope: Pick<ExtractionScope, 'root' | 'sources'>, path: string): string | undefined {
  if (!isSafeRelativePath(path)) return undefined;
  const known = scope.sources.get(path);
  if (known) return known.skipReason ? undefined : known.text;
  try {
    const abs = realpathSync.native(join(scope.root, path));
    return isInside(scope.root, abs) ? decodeText(readFileSync(abs)) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs every applicable extractor on one file. An extractor that throws becomes a `parse_error`
 * ParseEvent (facts it produced before throwing are kept); the file and the run go on.
 */
export function extractFile(scope: ExtractionScope, source: SourceInfo): Extracted {
  const facts = emptyFacts(source.path);
  const reads = new Set<string>();
  const mountReads = new Set<string>();
  let mountSig: string | null = null;
  if (source.skipReason) return { facts, deps: NO_DEPS };
  const readRepoFile = (path: string): string | undefined => {
    if (!isSafeRelativePath(path)) return undefined;
    if (path !== source.path) reads.add(path);
    return readRepoText(scope, path);
  };
  const sourceFile = isTypeScriptKind(source.kind) ? projectFile(scope.project, join(scope.root, source.path)) : undefined;
  // ts-morph caches a wrapper for every node an extractor touches, for the project's lifetime; the facts
  // are plain objects, so the wrappers made for this file go when it is done (the trees stay).
  scope.project.forgetNodesCreatedInBlock(() => {
    for (const extractor of scope.extractors) {
      const started = performance.now();
      try {
        if (!extractor.appliesTo(source.path)) continue;
        extractor.extract(
          {
            repoId: scope.repoId, snapshotId: scope.snapshotId, root: scope.root, path: source.path, text: source.text, settings: scope.settings, project: scope.project, sourceFile, readRepoFile,
            noteMounts: (paths) => paths.forEach((p) => isSafeRelativePath(p) && p !== source.path && mountReads.add(p)),
            noteMountSignature: (signature) => void (mountSig = signature),
          },
          facts,
        );
      } catch (error) {
        facts.events.push({ kind: 'parse_error', parser: extractor.name, path: source.path, message: messageOf(error) });
      } finally {
        scope.timings[extractor.name] = (scope.timings[extractor.name] ?? 0) + (performance.now() - started);
      }
    }
  });
  const mountOnly = [...mountReads].filter((p) => !reads.has(p)).sort();
  return { facts: validateFacts(facts), deps: { reads: [...reads].sort(), mountReads: mountOnly, mountSig } };
}
