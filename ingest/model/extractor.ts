import type { Project, SourceFile } from 'ts-morph';
import type { FileFacts } from './facts.js';

/** Repository-level settings every extractor may read (from .ai/config, with defaults). */
export interface IngestSettings {
  /** Tag prefixes that classify template usages; e.g. { adp: ['adp-'], sdf: ['sdf-'] }. */
  tagFamilies: Record<string, string[]>;
  /** Depth of folder-based domain anchors. */
  anchorDepth: number;
  /**
   * Locales whose translation files get TranslationKey nodes (`en` matches `en-US`); a file of another
   * locale only when its set has no such file nor a locale-less source. `['*']`: every locale.
   */
  i18nLocales: string[];
  /**
   * The `@angular/core` major of the root package.json, read once per run by the pipeline (undefined:
   * extractors read package.json themselves, recording the read).
   */
  angularMajor?: number | null;
}

/** What an extractor gets for one file. */
export interface ExtractContext {
  repoId: string;
  snapshotId: string;
  /** Absolute repository root (already realpath'd). */
  root: string;
  /** Repo-relative POSIX path of the file. */
  path: string;
  /** File content as read for hashing. */
  text: string;
  settings: IngestSettings;
  /** Shared ts-morph project over all TS files of the repo (for cross-file symbol lookups). */
  project: Project;
  /** The ts-morph source file when `path` is TypeScript. */
  sourceFile?: SourceFile;
  /** Reads another repo file (templateUrl, styleUrls); undefined when missing or outside the repo. */
  readRepoFile(path: string): string | undefined;
  /**
   * Routes: other files a routes array's mounts were computed from. Unlike a read, a change there
   * re-extracts this file only when its mount signature changes (pipeline/mount-dependents.ts).
   * Absent (a caller without that check): record them with readRepoFile.
   */
  noteMounts?(paths: readonly string[]): void;
  /** Routes: the file's mount signature (extractors/routes/file-mounts.ts), stored on its File node. */
  noteMountSignature?(signature: string): void;
}

/**
 * One extractor per concern (TypeScript symbols, Angular decorators, routes, templates, ag-Grid,
 * federation, contracts, OpenAPI, tests). Extractors must not throw on odd input: they record
 * ParseEvents in the facts they return.
 */
export interface Extractor {
  name: string;
  appliesTo(path: string): boolean;
  extract(ctx: ExtractContext, into: FileFacts): void;
}
