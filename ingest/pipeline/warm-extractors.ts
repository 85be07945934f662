import type { Project } from 'ts-morph';
import { extractors as registeredExtractors } from '../extractors/index.js';
import type { Extractor, IngestSettings } from '../model/extractor.js';
import { fileKind } from './file-kind.js';
import { extractFile, readRepoText } from './run-extractors.js';
import type { SourceInfo } from './read-files.js';

/**
 * Angular roles whose extraction takes different paths (routes, NgModule metadata, component
 * templates, injections, tests). One file of each is extracted once while the watcher is idle, and
 * its facts are dropped.
 */
const ROLES = [/(?:-routing\.module|\.routes)\.ts$/, /\.module\.ts$/, /\.component\.ts$/, /\.service\.ts$/, /\.(?:directive|pipe)\.ts$/, /\.spec\.ts$/];
/** Larger files are not sampled: the point is to run the extractors' code once, not to read much. */
const MAX_SAMPLE_CHARS = 40_000;

export interface WarmExtraction {
  repoId: string;
  snapshotId: string;
  settings: IngestSettings;
  extractors?: readonly Extractor[] | undefined;
}

/**
 * The files to extract: for each role the first file (in path order) the project already holds, then
 * the first component's template next to it. Held files only, so the warm-up parses nothing new
 * for its sample (what they reach is what an edit of them would load).
 */
export function warmSamples(held: Iterable<string>, known: { has(path: string): boolean }): string[] {
  const sorted = [...held].sort();
  const picks: string[] = [];
  for (const role of ROLES) {
    const pick = sorted.find((path) => role.test(path) && !picks.includes(path));
    if (pick) picks.push(pick);
  }
  const template = picks.find((path) => path.endsWith('.component.ts'))?.replace(/\.ts$/, '.html');
  if (template && known.has(template)) picks.push(template);
  return picks;
}

/**
 * Runs every extractor on one sample and drops the facts; false when the file is unreadable or too
 * large. The first extraction in a process compiles the extractors' code and fills their per-project
 * memos: the first edit after a watcher starts spent 230–330 ms more in parse+extract than the same
 * kind of edit later (bench/ingest/README.md). Reads only; writes nothing.
 */
export function warmExtractor(project: Project, root: string, path: string, run: WarmExtraction): boolean {
  const scope = {
    repoId: run.repoId, snapshotId: run.snapshotId, root, settings: run.settings, project,
    extractors: run.extractors ?? registeredExtractors, sources: new Map<string, SourceInfo>(), timings: {},
  };
  const text = readRepoText(scope, path);
  if (text === undefined || text.length > MAX_SAMPLE_CHARS) return false;
  extractFile(scope, { path, kind: fileKind(path), size: text.length, sha256: '', blob: '', executable: false, text });
  return true;
}
