import { existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ts } from 'ts-morph';
import { tsConfigCandidates } from '../../../ingest/pipeline/tsconfig-locate.js';

/** The tsconfig Compodoc is given, and what Compodoc will scan with it. */
export interface CompodocTsconfig {
  /** Absolute path. */
  path: string;
  /** Relative to the repository root. */
  relative: string;
  /** In words: the `include` globs, the `files`, or every .ts under the tsconfig's folder. */
  scope: string;
}

const APP_CONFIGS = ['tsconfig.app.json', 'src/tsconfig.app.json'];

/**
 * Picks the tsconfig for Compodoc: the one given, else the first of the root's tsconfig.json /
 * tsconfig.base.json, those next to an angular.json/nx.json up to two folders down (the ingest's
 * own search, pipeline/tsconfig-locate.ts), then a tsconfig.app.json. Compodoc scans the `include`
 * globs (plus `files`) of that tsconfig, and every .ts under its folder when it has neither, so a
 * workspace-level tsconfig makes it read the same files the ingest reads; an app's tsconfig
 * (often just `files: [src/main.ts]`) would make it read a fraction.
 */
export function chooseCompodocTsconfig(root: string, given?: string): CompodocTsconfig | undefined {
  const path = given ?? [...tsConfigCandidates(root), ...APP_CONFIGS.map((name) => join(root, name))].find((p) => existsSync(p));
  if (!path || !existsSync(path)) return undefined;
  return { path, relative: relative(root, path), scope: compodocScope(root, path) };
}

/** What Compodoc 2.0 scans for this tsconfig (its index-cli: `include` + `files`, else `**\/*.ts`; never specs, .d.ts, node_modules). */
export function compodocScope(root: string, path: string): string {
  const { config } = ts.readConfigFile(path, ts.sys.readFile) as { config?: { include?: string[]; files?: string[] } };
  const folder = relative(root, dirname(path)) || '.';
  const include = Array.isArray(config?.include) ? config.include : [];
  const files = Array.isArray(config?.files) ? config.files : [];
  if (include.length === 0 && files.length === 0) return `every .ts/.tsx under ${folder} except specs, .d.ts and node_modules`;
  const parts = [include.length ? `include ${include.join(', ')}` : '', files.length ? `${files.length} listed file(s)` : ''].filter(Boolean);
  return `${parts.join(' + ')} (relative to ${folder}; not specs or .d.ts)`;
}
