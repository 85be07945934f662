import type { Project } from 'ts-morph';
import { extractors as registeredExtractors } from '../extractors/index.js';
import type { Extractor } from '../model/extractor.js';
import { fileKind } from './file-kind.js';
import { extractFile, readRepoText, type Extracted } from './run-extractors.js';
import type { SourceInfo } from './read-files.js';
import type { PipelineSettings } from './settings.js';

/**
 * Angular roles whose extraction takes different paths (routes, NgModule metadata, component
 * templates, injections, tests). Samples of each are extracted once while the watcher is idle (and
 * their edits rehearsed: warm-write.ts).
 */
const ROLES = [/(?:-routing\.module|\.routes)\.ts$/, /\.module\.ts$/, /\.component\.ts$/, /\.service\.ts$/, /\.(?:directive|pipe)\.ts$/, /\.spec\.ts$/];
/** Larger files are not sampled: the point is to run the code paths once, not to read much. */
const MAX_SAMPLE_CHARS = 40_000;

export interface WarmExtraction {
  repoId: string;
  snapshotId: string;
  settings: PipelineSettings;
  extractors?: readonly Extractor[] | undefined;
}

/**
 * The files to extract: for each role two files the project already holds, the largest (its facts reach
 * the most kinds of statement) and the one of median size (its rows are as many as an everyday edit's:
 * a list's size is part of a statement's plan key), then each sampled component's template. Held files
 * only, so the warm-up parses nothing new for its sample (what they reach is what an edit of them would
 * load). `sizeOf` gives a held file's length (undefined: not held).
 */
export function warmSamples(held: Iterable<string>, known: { has(path: string): boolean }, sizeOf: (path: string) => number | undefined): string[] {
  const sized: Array<{ path: string; size: number }> = [];
  for (const path of held) {
    const size = sizeOf(path);
    if (size !== undefined && size <= MAX_SAMPLE_CHARS) sized.push({ path, size });
  }
  sized.sort((a, b) => a.size - b.size || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const picks: string[] = [];
  for (const role of ROLES) {
    const ofRole = sized.filter((s) => role.test(s.path) && !picks.includes(s.path));
    if (ofRole.length === 0) continue;
    const largest = ofRole[ofRole.length - 1]!.path;
    const median = ofRole[Math.floor((ofRole.length - 1) / 2)]!.path;
    picks.push(...new Set([largest, median]));
  }
  const templates = picks.filter((path) => path.endsWith('.component.ts')).map((path) => path.replace(/\.ts$/, '.html')).filter((path) => known.has(path));
  return [...picks, ...templates];
}

/** A sample's source and its facts (dropped by the caller, or rehearsed: warm-write.ts). */
export interface WarmSample {
  source: SourceInfo;
  extracted: Extracted;
}

/**
 * Runs every extractor on one sample; undefined when the file is unreadable or too large. The first
 * extraction in a process compiles the extractors' code and fills their per-project memos: the first
 * edit after a watcher starts spent 230–330 ms more in parse+extract than the same kind of edit later
 * (bench/ingest/README.md). Reads only; writes nothing.
 */
export function warmExtractor(project: Project, root: string, path: string, run: WarmExtraction): WarmSample | undefined {
  const scope = {
    repoId: run.repoId, snapshotId: run.snapshotId, root, settings: run.settings, project,
    extractors: run.extractors ?? registeredExtractors, sources: new Map<string, SourceInfo>(), timings: {},
  };
  const text = readRepoText(scope, path);
  if (text === undefined || text.length > MAX_SAMPLE_CHARS) return undefined;
  const source: SourceInfo = { path, kind: fileKind(path), size: text.length, sha256: '', blob: '', executable: false, text };
  return { source, extracted: extractFile(scope, source) };
}
