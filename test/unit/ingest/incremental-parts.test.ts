import fc from 'fast-check';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dependentsOf, loadKnownFiles, mountDependentsOf, putKnownFile, type KnownFile } from '../../../ingest/pipeline/known-files.js';
import { readOne, statMatches } from '../../../ingest/pipeline/read-files.js';
import type { Graph } from '../../../src/graph/index.js';
import { parseSelector, routeMatchScore, routeSegments, selectorMatches } from '../../../ingest/write/ref-match.js';
import { buildResolvers } from '../../../ingest/write/ref-resolver.js';
import type { RunQuery } from '../../../ingest/write/runner.js';

const known = (path: string, reads: string[] = [], mountReads: string[] = []): KnownFile => ({ path, sha256: 's', blob: 'b', reads, mountReads, mountSig: mountReads.length ? 'sig' : null });

describe('known File rows (watcher cache)', () => {
  it('finds the files whose extraction read a changed path, never the changed files themselves', () => {
    const rows = new Map([known('a.ts', ['a.html']), known('b.ts', ['x.scss', 'b.html']), known('a.html'), known('c.ts', ['a.ts'])].map((k) => [k.path, k]));
    expect(dependentsOf(rows, new Set(['a.html', 'b.html']))).toEqual(['a.ts', 'b.ts']);
    expect(dependentsOf(rows, new Set(['a.ts', 'a.html']))).toEqual(['c.ts']);
    expect(dependentsOf(rows, new Set(['nothing']))).toEqual([]);
  });

  it('keeps files mounted below a changed file apart: candidates for the mount check, not dependents', () => {
    const rows = new Map([
      known('routes.ts'), known('admin.module.ts', [], ['routes.ts']), known('both.ts', ['routes.ts'], ['routes.ts']), known('deep.ts', [], ['admin.module.ts', 'routes.ts']),
    ].map((k) => [k.path, k]));
    expect(dependentsOf(rows, new Set(['routes.ts']))).toEqual(['both.ts']);
    // A file that also read it the plain way is a dependent already; a changed file is parsed anyway.
    expect(mountDependentsOf(rows, new Set(['routes.ts']))).toEqual(['admin.module.ts', 'deep.ts']);
    expect(mountDependentsOf(rows, new Set(['routes.ts', 'deep.ts']))).toEqual(['admin.module.ts']);
  });

  it('keeps the readers it indexed current through every row put or deleted', () => {
    // The plain scan the index replaced: what both lookups must answer after any sequence of changes.
    const scan = (rows: Map<string, KnownFile>, paths: Set<string>): [string[], string[]] => {
      const plain = [...rows.values()].filter((f) => !paths.has(f.path) && f.reads.some((p) => paths.has(p))).map((f) => f.path).sort();
      const mounts = [...rows.values()].filter((f) => !paths.has(f.path) && !plain.includes(f.path) && f.mountReads.some((p) => paths.has(p))).map((f) => f.path).sort();
      return [plain, mounts];
    };
    const name = fc.constantFrom('a.ts', 'b.ts', 'c.ts', 'd.html', 'e.ts');
    const change = fc.record({ path: name, gone: fc.boolean(), reads: fc.uniqueArray(name, { maxLength: 3 }), mountReads: fc.uniqueArray(name, { maxLength: 3 }) });
    fc.assert(fc.property(fc.array(change, { maxLength: 12 }), fc.uniqueArray(name, { minLength: 1, maxLength: 3 }), (changes, asked) => {
      const rows = new Map([known('a.ts', ['d.html']), known('c.ts', [], ['a.ts'])].map((k) => [k.path, k]));
      const paths = new Set(asked);
      dependentsOf(rows, paths); // builds the index before the changes
      for (const c of changes) putKnownFile(rows, c.path, c.gone ? undefined : known(c.path, c.reads, c.mountReads));
      expect([dependentsOf(rows, paths), mountDependentsOf(rows, paths)]).toEqual(scan(rows, paths));
    }));
  });

  it('uses the cache only for the snapshot the graph is at, else reads the graph', async () => {
    const fromGraph = [{ path: 'g.ts', sha256: 'g', blob: 'gb', executable: false, reads: ['g.html'] }];
    let reads = 0;
    const graph = { read: async () => (reads++, fromGraph) } as unknown as Graph;
    const warm = { repoId: 'r', snapshotId: 'content:1', files: new Map([['c.ts', known('c.ts')]]) };
    expect([...(await loadKnownFiles(graph, 'r', 'content:1', warm)).keys()]).toEqual(['c.ts']);
    expect(reads).toBe(0);
    // Another snapshot, another repo, or a run that died writing (snapshot passed as null): the graph.
    for (const [repoId, snapshot] of [['r', 'content:2'], ['other', 'content:1'], ['r', null]] as const) {
      expect([...(await loadKnownFiles(graph, repoId, snapshot, warm)).values()]).toEqual([{ ...fromGraph[0], mountReads: [], mountSig: null }]);
    }
    expect(reads).toBe(3);
  });
});

describe('stat check (files a warm cache need not read again)', () => {
  const root = mkdtempSync(join(tmpdir(), 'gg-stat-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const old = (path: string, text: string, secondsAgo = 60): void => {
    writeFileSync(join(root, path), text);
    const t = Date.now() / 1000 - secondsAgo;
    utimesSync(join(root, path), t, t);
  };

  it('trusts an unchanged file hashed well after its last modification', async () => {
    old('a.ts', 'export const a = 1;\n');
    const info = readOne(root, 'a.ts', 1000);
    expect(info?.stat).toBeDefined();
    // ctime was just set by utimes: as "racy" as a file written a moment ago, so re-read…
    expect(statMatches(root, 'a.ts', info!.stat!)).toBe(false);
    // …but a later read (ctime now well in the past relative to it) is trusted.
    expect(statMatches(root, 'a.ts', { ...info!.stat!, readAt: info!.stat!.readAt + 5_000 })).toBe(true);
  });

  it('re-reads a file whose content, size or mtime moved, or that vanished', async () => {
    old('b.ts', 'export const b = 1;\n');
    const before = readOne(root, 'b.ts', 1000)!.stat!;
    const later = { ...before, readAt: before.readAt + 5_000 };
    old('b.ts', 'export const b = 2;\n', 30); // same size, other mtime (and ctime)
    expect(statMatches(root, 'b.ts', later)).toBe(false);
    old('b.ts', 'export const b = 1;\n', (Date.now() - before.mtimeMs) / 1000); // mtime put back: ctime still moved
    expect(statMatches(root, 'b.ts', { ...later, readAt: Date.now() + 5_000 })).toBe(false);
    rmSync(join(root, 'b.ts'));
    expect(statMatches(root, 'b.ts', later)).toBe(false);
  });
});

describe('reference resolution indexes', () => {
  const comps = [
    { id: 'btn', selector: 'button[sdfBtn], a[sdfBtn]', labels: ['Fact', 'Symbol', 'Directive'] },
    { id: 'x', selector: 'app-x', labels: ['Fact', 'Symbol', 'Component'] },
    { id: 'hl', selector: '[appHighlight]', labels: ['Fact', 'Symbol', 'Directive'] },
    { id: 'x2', selector: 'app-x, app-y', labels: ['Fact', 'Symbol', 'Component'] },
  ];
  const read: RunQuery = async () => comps as never;

  it('selector candidates by element give the same answer as testing every selector', async () => {
    const occurrences = ['app-x', 'app-y', 'button[sdfBtn]', 'a[sdfBtn][appHighlight]', 'div[appHighlight]', 'span', '[appHighlight]'];
    const targets = occurrences.map((selector) => ({ kind: 'selector' as const, selector }));
    const resolve = (await buildResolvers(read, 'r', targets)).get('selector')!;
    for (const t of targets) {
      const occurrence = parseSelector(t.selector)[0]!;
      const brute = comps.filter((c) => parseSelector(c.selector).some((p) => selectorMatches(p, occurrence)));
      const components = brute.filter((c) => c.labels.includes('Component')).map((c) => c.id);
      const directives = brute.filter((c) => !c.labels.includes('Component')).map((c) => c.id);
      expect(resolve(t).targetIds).toEqual([...components, ...directives]);
    }
    expect(resolve({ kind: 'selector', selector: 'app-x' })).toMatchObject({ status: 'ambiguous', targetIds: ['x', 'x2'] });
  });

  it('route scores are the same for pre-split segments', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom('a', 'b', ':id', '**', '')), fc.array(fc.constantFrom('a', 'b', '7', '')), (p, c) => {
      const pattern = p.join('/');
      const concrete = c.join('/');
      expect(routeMatchScore(routeSegments(pattern), routeSegments(concrete))).toBe(routeMatchScore(pattern, concrete));
    }));
  });
});
