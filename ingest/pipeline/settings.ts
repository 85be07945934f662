import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../src/errors/index.js';
import type { IngestSettings } from '../model/extractor.js';

/** Everything the pipeline can be told; extractors only see the IngestSettings part. */
export interface PipelineSettings extends IngestSettings {
  /** Globs (repo-relative, POSIX) of files to ingest. */
  include: string[];
  /** Globs excluded on top of the defaults (node_modules, dist, build output, `*.d.ts`, …). */
  exclude: string[];
  /** `*.d.ts` files that are contracts and stay included despite the `*.d.ts` exclusion. */
  contractFiles: string[];
  /** Folder names never turned into domain anchors. */
  anchorExclude: string[];
  /** Overrides the derived repoId (from the git remote or the realpath). */
  repoId?: string;
  /** Files per write transaction (each file's facts are replaced atomically inside one). */
  batchFiles: number;
  /** Rows per UNWIND statement. */
  batchRows: number;
  /**
   * An incremental run touching at most this many files (parsed + deleted) replaces their facts and
   * re-links references in ONE transaction, so readers never see a file without its reference edges;
   * beyond it, batches of `batchFiles` then the link step (ingest/README.md, "Atomic updates").
   */
  atomicMaxFiles: number;
  /** …and at most this many rows (node rows, Ref nodes included, + intra-file edge rows of the parsed files); beyond, batched. */
  atomicMaxRows: number;
  /** How long a second ingest of the same repo waits for the lock before giving up. */
  lockWaitMs: number;
  /** Lease of the ingest lock; renewed while the run lives, so a crashed run frees it after this. */
  lockLeaseMs: number;
  /** Files larger than this are recorded (File node + a `skipped` ParseEvent) but not parsed. */
  maxFileBytes: number;
  /** Newest non-merge commits from HEAD stored for the history lane (ingest/history/); 0 stores none. */
  historyMaxCommits: number;
  /** A watcher builds the lazy-route index while idle, not at the first routing edit (pipeline/warm-project.ts). */
  watchWarmUp: boolean;
  /**
   * How many parsed TypeScript files a cold full run may hold. 0: every file, parsed up front. N > 0: a run
   * over more than N files streams them through a project bounded to N (pipeline/project-budget.ts): peak
   * memory follows N, not the repository, at the cost of time. `auto` (default): every file while their
   * trees fit the process's heap with room to spare, else a bound chosen from the heap limit.
   */
  projectMaxFiles: number | 'auto';
}

export const DEFAULT_EXCLUDES = [
  '**/node_modules/**', '**/dist/**', '**/.angular/**', '**/coverage/**', '**/build/**', '**/out-tsc/**',
  '**/tmp/**', '**/.git/**', '**/.worktrees/**', '**/.nx/**', '**/.cache/**', '**/.ai/**', '**/.vscode/**', '**/.idea/**',
  '**/package-lock.json', '**/yarn.lock', '**/pnpm-lock.yaml', '**/*.min.js', '**/*.map', '**/*.d.ts',
];

export const DEFAULT_SETTINGS: PipelineSettings = {
  tagFamilies: { adp: ['adp-'], sdf: ['sdf-'] },
  anchorDepth: 3,
  i18nLocales: ['en'],
  include: ['**/*.{ts,tsx,js,mjs,cjs,html,scss,css,less,json,json5,yaml,yml,xlf,xliff,xmb,xtb}'],
  exclude: [],
  contractFiles: ['**/components.d.ts'],
  anchorExclude: ['node_modules', '.git', '.ai', 'dist', 'build', 'coverage', '.angular', 'out-tsc', 'tmp', 'assets'],
  batchFiles: 250,
  batchRows: 2000,
  atomicMaxFiles: 1000,
  atomicMaxRows: 20_000,
  lockWaitMs: 10 * 60_000,
  lockLeaseMs: 60_000,
  maxFileBytes: 2_000_000,
  historyMaxCommits: 5_000,
  watchWarmUp: true,
  projectMaxFiles: 'auto',
};

/** `projectMaxFiles` as `.ai/config/ingest.json` and the daemon's requests give it. */
export const projectMaxFilesSchema = z.union([z.literal('auto'), z.number().int().min(0).max(10_000_000)]);

const overridesSchema = z
  .object({
    tagFamilies: z.record(z.string().min(1), z.array(z.string().min(1))).optional(),
    anchorDepth: z.number().int().min(0).max(12).optional(),
    i18nLocales: z.array(z.string().regex(/^(\*|[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*)$/)).min(1).optional(),
    include: z.array(z.string().min(1)).optional(),
    exclude: z.array(z.string().min(1)).optional(),
    contractFiles: z.array(z.string().min(1)).optional(),
    anchorExclude: z.array(z.string().min(1)).optional(),
    repoId: z.string().regex(/^[A-Za-z0-9._-]{1,80}$/).optional(),
    batchFiles: z.number().int().min(1).max(10_000).optional(),
    batchRows: z.number().int().min(100).max(20_000).optional(),
    projectMaxFiles: projectMaxFilesSchema.optional(),
    atomicMaxFiles: z.number().int().min(0).max(1_000_000).optional(),
    atomicMaxRows: z.number().int().min(0).max(10_000_000).optional(),
    lockWaitMs: z.number().int().min(0).optional(),
    lockLeaseMs: z.number().int().min(1_000).optional(),
    maxFileBytes: z.number().int().min(1).optional(),
    historyMaxCommits: z.number().int().min(0).max(100_000).optional(),
    watchWarmUp: z.boolean().optional(),
  })
  .strict();

export type SettingsOverrides = z.infer<typeof overridesSchema>;

/**
 * Defaults, then `<root>/.ai/config/ingest.json` (validated), then programmatic overrides.
 * Invalid configuration fails the run with INVALID_CONFIG rather than being half-applied.
 */
export function resolveSettings(root: string, overrides: Partial<PipelineSettings> = {}): PipelineSettings {
  const file = join(root, '.ai', 'config', 'ingest.json');
  let fromFile: SettingsOverrides = {};
  if (existsSync(file)) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (cause) {
      throw new AppError('INVALID_CONFIG', { message: `.ai/config/ingest.json is not valid JSON.`, cause });
    }
    const parsed = overridesSchema.safeParse(raw);
    if (!parsed.success) {
      throw new AppError('INVALID_CONFIG', {
        message: `.ai/config/ingest.json: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
      });
    }
    fromFile = parsed.data;
  }
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
  return { ...DEFAULT_SETTINGS, ...fromFile, ...defined };
}
