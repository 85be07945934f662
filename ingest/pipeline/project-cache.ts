import type { Project } from 'ts-morph';
import type { KnownFiles } from './known-files.js';
import type { RepoIdentity } from './repo-identity.js';
import type { GitHeadCache } from '../history/git-head-cache.js';
import type { GitTree } from './snapshot.js';

// Types only from ts-morph: a run that parses nothing (an unchanged re-run, a second clone, a starting
// MCP server) never loads the parsers (ts-project.ts and the extractors are imported on first parse).

/**
 * The shared ts-morph Project, kept across runs by a watcher (or the benchmark) so an incremental
 * run only re-parses what changed. Extractors resolve symbols and lazy routes across files: the
 * project holds every TypeScript file a run parses or an extractor loaded on demand (attachRepoFiles).
 */
export interface TsProjectCache {
  project?: Project;
  root?: string;
  /** sha256 of the text each source file was created from, by repo-relative path ('' when loaded from disk on demand). */
  shas: Map<string, string>;
  /**
   * The repo's File rows after this process's last successful run (see known-files.ts): a watcher
   * run reuses them instead of reading every File node again, as long as the graph is still at
   * that snapshot.
   */
  known?: KnownFiles;
  /** The repo identity of the last run (git is not asked again for every watcher event). */
  identity?: { key: string; value: RepoIdentity };
  /** HEAD as the last run read it, and what it was read from (history/git-head-cache.ts). */
  gitHead?: GitHeadCache;
  /** The snapshot's git trees of the last run, by root: the next run re-hashes only what changed. */
  snapshotTree?: { root: string; tree: GitTree };
  /** Named text tests of files the project does not hold, by path with the hash tested (project-files.ts). */
  textTests?: Map<string, Map<string, { sha256: string; pass: boolean }>>;
  /** Texts of files the project does not hold, read from disk for a text test, with the snapshot hash they were read at. */
  diskTexts?: Map<string, { sha256: string; text: string }>;
  /** A work's workspace: its TypeScript files, which its overlay's project loads on demand (parse-phase.ts). */
  workspaceFiles?: { root: string; paths: Set<string> };
}

export function createTsProjectCache(): TsProjectCache {
  return { shas: new Map() };
}

/** True when the cache holds a project for this root (a warm watcher). */
export function isWarm(cache: TsProjectCache, root: string): boolean {
  return cache.project !== undefined && cache.root === root;
}
