import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Graph } from '../../src/graph/graph.js';
import { loadedQueries, loadQuery } from '../../src/graph/query-registry.js';
import { packageRoot } from '../../src/runtime/package-root.js';
import { openTestGraph } from '../support/graph.js';

const root = packageRoot();

function walk(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    if (entry === 'node_modules' || entry === 'dist' || entry === 'fixtures') return [];
    return statSync(full).isDirectory() ? walk(full, keep) : keep(full) ? [full] : [];
  });
}

const cypherFiles = walk(join(root, 'cypher'), (f) => f.endsWith('.cypher')).map((f) => relative(join(root, 'cypher'), f).split('\\').join('/')).sort();
const codeFiles = ['src', 'ingest', 'test', 'bench'].flatMap((d) => walk(join(root, d), (f) => f.endsWith('.ts')));
/** Every literal loadQuery(...) file reference in the code base. */
const references = new Set(
  codeFiles.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/loadQuery(?:<[\s\S]*?>)?\(\s*['"]([^'"]+\.cypher)['"]/g)].map((m) => m[1] as string)),
);

describe('cypher registry', () => {
  let graph: Graph;
  beforeAll(() => {
    graph = openTestGraph();
  });
  afterAll(async () => graph.close());

  it('has at least one query file', () => {
    expect(cypherFiles.length).toBeGreaterThan(0);
  });

  it('has no file that no code references', () => {
    expect(cypherFiles.filter((f) => !references.has(f))).toEqual([]);
  });

  it('has no reference to a file that does not exist', () => {
    expect([...references].filter((r) => !cypherFiles.includes(r))).toEqual([]);
  });

  it('rejects a file without its header', () => {
    expect(() => loadQuery('schema/../../package.json')).toThrow();
  });

  it.each(cypherFiles)('EXPLAINs %s against real Neo4j', async (file) => {
    const query = loadQuery<Record<string, unknown>, unknown>(file);
    await expect(graph.explain(query)).resolves.toBeUndefined();
    expect(loadedQueries().some((q) => q.file === file)).toBe(true);
  });
});
