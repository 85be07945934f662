import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// ts-morph (with its own TypeScript) and @angular/compiler take 0.5–1.3 s to load. A run that parses
// nothing and a starting MCP server must not load them: they come in through dynamic imports only
// (ingest/pipeline/parse-phase.ts, src/execution/codemods/parsers.ts). This walks the static imports of
// the built modules (what Node loads at start; tsc has removed type-only imports) from each entry.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const HEAVY = ['ts-morph', '@angular/compiler', 'typescript'];
const STATIC_IMPORT = /^(?:import|export)\s+(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

/** The chain of static imports from `entry` to each heavy package it reaches (empty when none). */
function heavyChains(entry: string, heavy: readonly string[] = HEAVY): string[] {
  const from = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  const chains: string[] = [];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const spec = match[1]!;
      const target = spec.startsWith('.') ? resolve(dirname(file), spec) : spec;
      if (heavy.includes(spec)) {
        const chain = [spec];
        for (let at: string | null = file; at; at = from.get(at) ?? null) chain.unshift(at.slice(ROOT.length + 1));
        chains.push(chain.join(' -> '));
      }
      if (from.has(target) || !spec.startsWith('.')) continue;
      from.set(target, file);
      queue.push(target);
    }
  }
  return chains;
}

/** The built file of a source module, refusing a build older than its source. */
function built(source: string): string {
  const js = resolve(ROOT, 'dist', source.replace(/\.ts$/, '.js'));
  if (statSync(js).mtimeMs < statSync(resolve(ROOT, source)).mtimeMs) throw new Error(`${js} is older than ${source}: run npm run build`);
  return js;
}

describe('parsers load on first parse, not at start', () => {
  it.each([
    ['the ingest API (CLI ingest, re-runs, second clones)', 'ingest/index.ts'],
    ['a run the extraction cache serves (no parser loaded)', 'ingest/pipeline/cached-phase.ts'],
    ['the MCP stdio server', 'src/mcp/run-stdio.ts'],
    ['the CLI program (every command)', 'src/cli/program.ts'],
  ])('%s imports no parser statically', (_what, source) => {
    expect(heavyChains(built(source))).toEqual([]);
  });

  it('the parse phase does import them (the walk sees what it must)', () => {
    const chains = heavyChains(built('ingest/pipeline/parse-phase.ts'));
    expect(chains.some((c) => c.endsWith('-> ts-morph'))).toBe(true);
    expect(chains.some((c) => c.endsWith('-> @angular/compiler'))).toBe(true);
  });
});

// `graphgate ingest` handing its run to the daemon, `--help` and `--version` load the program and little
// else: the driver (~190 ms), zod (~90 ms) and the servers load inside the commands that use them.
describe('the CLI program starts without the driver and the servers', () => {
  it('imports no driver, validation, server or progress-bar library statically', () => {
    expect(heavyChains(built('src/cli/program.ts'), ['neo4j-driver', 'zod', '@neo4j/graphql', 'graphql-yoga', 'cli-progress', 'chokidar'])).toEqual([]);
  });
});
