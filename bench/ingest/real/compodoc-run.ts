import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompodocTsconfig } from './compodoc-tsconfig.js';
import { runMeasured } from './measured-child.js';

/** Compodoc's folder: its own package.json and lockfile, never a dependency of graphgate itself. */
export const COMPODOC_DIR = fileURLToPath(new URL('../../../../bench/ingest/compodoc/', import.meta.url));
const BIN = join(COMPODOC_DIR, 'node_modules/@compodoc/compodoc/bin/index-cli.js');
export const INSTALL_COMMAND = 'npm ci --prefix bench/ingest/compodoc';

/**
 * `json` (default), analysis only: the JSON export runs Compodoc's whole parse (every file of the
 * tsconfig's scope: components, modules, routes, DI) and writes documentation.json instead of
 * rendering HTML pages, module graphs and the search index; no documentation-coverage pass, no source
 * text copied into the output. `html`: Compodoc's defaults, the site a user would generate.
 */
export const COMPODOC_FLAGS = {
  json: ['--exportFormat', 'json', '--disableSourceCode', '--disableCoverage', '--silent'],
  html: ['--silent'],
} as const;

export type CompodocResult =
  | { status: 'ok' | 'failed' | 'timeout'; tsconfig: string; scope: string; flags: string[]; exitCode: number | null; wallMs: number; maxRssMb: number | null; cpuMs: number | null;
      /** What documentation.json lists, per kind (null in html mode, or when it was not written). */
      found: Record<string, number> | null; outputTail: string }
  | { status: 'skipped'; reason: string };

/** Installs Compodoc from the committed lockfile when it is missing; returns why not when that fails. */
export function ensureCompodoc(): string | undefined {
  if (existsSync(BIN)) return undefined;
  process.stderr.write(`Compodoc is not installed: running ${INSTALL_COMMAND}\n`);
  try {
    execFileSync('npm', ['ci', '--prefix', COMPODOC_DIR, '--no-audit', '--no-fund'], { stdio: ['ignore', 'inherit', 'inherit'] });
  } catch (error) {
    return `installing Compodoc failed (${(error as Error).message.split('\n')[0]}); run \`${INSTALL_COMMAND}\` by hand, or pass --no-compodoc`;
  }
  return existsSync(BIN) ? undefined : `Compodoc is still missing after ${INSTALL_COMMAND}`;
}

/** Runs Compodoc on the repository in its own process (wall, peak RSS, CPU); a failure is reported, not thrown. */
export async function runCompodoc(root: string, tsconfig: CompodocTsconfig, mode: keyof typeof COMPODOC_FLAGS, timeoutMs: number): Promise<CompodocResult> {
  const missing = ensureCompodoc();
  if (missing) return { status: 'skipped', reason: missing };
  const out = mkdtempSync(join(tmpdir(), 'graphgate-bench-compodoc-'));
  try {
    // Compodoc joins its cwd with the tsconfig's folder: run it in the repository with a relative path.
    const flags = ['-p', tsconfig.relative, '-d', out, ...COMPODOC_FLAGS[mode]];
    const run = await runMeasured({ script: BIN, args: flags, cwd: root, timeoutMs });
    const found = mode === 'json' ? documentationCounts(join(out, 'documentation.json')) : null;
    const outputTail = `${run.stdout.slice(-4000)}\n${run.stderrTail}`.trim().split('\n').slice(-8).join('\n');
    return {
      status: run.timedOut ? 'timeout' : run.exitCode === 0 && (found || (mode === 'html' && existsSync(join(out, 'index.html')))) ? 'ok' : 'failed', tsconfig: tsconfig.relative, scope: tsconfig.scope,
      flags: flags.map((f) => (f === out ? '<tmp>' : f)), exitCode: run.exitCode, wallMs: run.wallMs, maxRssMb: run.maxRssMb, cpuMs: run.cpuMs, found, outputTail,
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Entries per kind in Compodoc's documentation.json (miscellaneous: its variables, functions, …). */
function documentationCounts(file: string): Record<string, number> | null {
  if (!existsSync(file)) return null;
  try {
    const doc = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const counts: Record<string, number> = {};
    for (const [kind, value] of Object.entries(doc)) {
      if (Array.isArray(value)) counts[kind] = value.length;
      else if (kind === 'miscellaneous' && value && typeof value === 'object') {
        for (const [sub, list] of Object.entries(value)) if (Array.isArray(list)) counts[`misc.${sub}`] = list.length;
      }
    }
    return counts;
  } catch {
    return null;
  }
}
