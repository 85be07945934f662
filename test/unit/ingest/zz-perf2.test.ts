import { it } from 'vitest';
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractImports } from '../../../ingest/extractors/typescript/imports.js';
import { typescriptExtractor } from '../../../ingest/extractors/typescript/index.js';
import { emptyFacts } from '../../../ingest/model/facts.js';
import { loadWorkspace } from '../../support/extract-fixture.js';
it('perf2', async () => {
  const dir = '/tmp/gg-perf-ws';
  const ws = loadWorkspace(dir);
  const files = ws.project.getSourceFiles().map((f) => f.getFilePath().slice(dir.length + 1));
  ws.project.getTypeChecker().compilerObject;
  const ctxOf = (p: string) => ({ repoId: 'r', snapshotId: 's', root: dir, path: p, text: ws.read(p) ?? '', settings: { tagFamilies: {}, anchorDepth: 3 }, project: ws.project, sourceFile: ws.project.getSourceFile(join(dir, p)), readRepoFile: ws.read });
  let t = performance.now();
  void extractImports;
  console.log('imports', Math.round(performance.now() - t));
  const session = new Session(); session.connect();
  const post = (m: string, p?: object) => new Promise<any>((res, rej) => session.post(m, p ?? {}, (e, r) => (e ? rej(e) : res(r))));
  await post('Profiler.enable'); await post('Profiler.start');
  t = performance.now();
  for (const p of files) typescriptExtractor.extract(ctxOf(p), emptyFacts(p));
  const { profile } = await post('Profiler.stop');
  const self = new Map<string, number>();
  const dt = profile.timeDeltas as number[]; const samples = profile.samples as number[];
  const byId = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
  samples.forEach((id, i) => { const n = byId.get(id); const k = `${n.callFrame.functionName}@${n.callFrame.url.split('/').slice(-1)[0]}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0)); });
  console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, v]) => `${Math.round(v / 1000)}ms ${k}`).join('\n'));
  // inclusive by our files
  const parent = new Map<number, number>(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map<string, number>();
  samples.forEach((id, i) => { const seen = new Set<string>(); for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) { const n = byId.get(cur); if (!n.callFrame.url.includes('/ingest/')) continue; const k = `${n.callFrame.functionName}@${n.callFrame.url.split('/').slice(-1)[0]}`; if (seen.has(k)) continue; seen.add(k); incl.set(k, (incl.get(k) ?? 0) + (dt[i] ?? 0)); } });
  console.log('INCLUSIVE\n' + [...incl].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, v]) => `${Math.round(v / 1000)}ms ${k}`).join('\n'));
  console.log('all ts (2nd pass)', Math.round(performance.now() - t));
  t = performance.now();
  for (const p of files) { const sf = ctxOf(p).sourceFile!; for (const d of sf.getImportDeclarations()) d.getModuleSpecifierSourceFile(); }
  console.log('getModuleSpecifierSourceFile only', Math.round(performance.now() - t));
  t = performance.now();
  for (const p of files) { const sf = ctxOf(p).sourceFile!; for (const d of sf.getImportDeclarations()) for (const n of d.getNamedImports()) n.getNameNode().getSymbol(); }
  console.log('named import getSymbol', Math.round(performance.now() - t));
  t = performance.now();
  for (const p of files) { const sf = ctxOf(p).sourceFile!; sf.getStatements(); sf.getDescendants(); }
  console.log('wrap all descendants', Math.round(performance.now() - t));
}, 600000);
