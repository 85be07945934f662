import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Project } from 'ts-morph';
import { filesMountedBy } from '../../../ingest/extractors/routes/index.js';
import { currentMountSignature, mountedArrays } from '../../../ingest/extractors/routes/file-mounts.js';
import { attachOnDemandFiles } from '../../../ingest/extractors/support/project-files.js';
import { exportedDeclarations } from '../../../ingest/extractors/support/syntax-resolve.js';
import { readOne, type SourceInfo } from '../../../ingest/pipeline/read-files.js';
import { DEFAULT_SETTINGS } from '../../../ingest/pipeline/settings.js';
import { createTsProjectCache, type TsProjectCache } from '../../../ingest/pipeline/project-cache.js';
import { syncTsProject } from '../../../ingest/pipeline/ts-project.js';
import { silentLogger } from '../../../src/runtime/logger.js';

// A watcher's project keeps the lazy-route index parts and the star-export answers an edit did not
// touch. After every edit below, what the warm project answers must equal what a project built from
// scratch on the same files answers.
const start: Record<string, string> = {
  'src/app/app.routes.ts': "export const routes: Routes = [{ path: 'shop', loadChildren: () => import('./catalog/catalog.module').then((m) => m.CatalogModule) }];",
  'src/app/catalog/catalog.module.ts': "import { CatalogRoutingModule } from './catalog-routing.module';\n@NgModule({ imports: [CatalogRoutingModule] })\nexport class CatalogModule {}",
  'src/app/catalog/catalog-routing.module.ts': "@NgModule({ imports: [RouterModule.forChild([{ path: 'items', component: Items }])] })\nexport class CatalogRoutingModule {}\nclass Items {}",
  'src/app/orders/orders-routing.module.ts': "@NgModule({ imports: [RouterModule.forChild([{ path: 'orders', component: Orders }])] })\nexport class OrdersRoutingModule {}\nclass Orders {}",
  'src/lib/index.ts': "export * from './a';\nexport * from './b';",
  'src/lib/a.ts': 'export class A {}',
  'src/lib/b.ts': 'export class B {}\nexport const size = 1;',
};
const ROUTED = ['src/app/catalog/catalog-routing.module.ts', 'src/app/orders/orders-routing.module.ts'];

let root: string;
let cache: TsProjectCache;
let written: Set<string>;
beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'gg-warm-'));
  written = new Set();
  for (const [path, text] of Object.entries(start)) write(path, text);
  cache = createTsProjectCache();
  syncTsProject(cache, root, silentLogger, await infos(Object.keys(start)), []);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
  written.add(path);
}

async function infos(paths: string[]): Promise<SourceInfo[]> {
  return Promise.all(paths.map(async (path) => readOne(root, path, DEFAULT_SETTINGS.maxFileBytes) as SourceInfo));
}

/** Writes the files and brings the warm project in line, the way a watcher's run does. */
async function edit(changes: Record<string, string>, membershipChanged = false): Promise<Project> {
  for (const [path, text] of Object.entries(changes)) write(path, text);
  return syncTsProject(cache, root, silentLogger, await infos(Object.keys(changes)), [], membershipChanged);
}

/** What the route and export lookups answer on a project: mounts of the routed files, what the loader mounts, and where `B` resolves. */
function answers(project: Project): unknown {
  const env = { repoId: 'r', root, project };
  const read = (path: string) => readFileSync(join(root, path), 'utf8');
  const barrel = project.getSourceFileOrThrow(join(root, 'src/lib/index.ts')).compilerNode;
  const b = exportedDeclarations(env, barrel, 'B').decls[0];
  return {
    mounted: filesMountedBy(env, ['src/app/app.routes.ts']).sort(),
    prefixes: ROUTED.map((path) => mountedArrays(env, path, project.getSourceFileOrThrow(join(root, path)), read).arrays.map((a) => a.mounts().map((m) => m.prefix))),
    signatures: ROUTED.map((path) => currentMountSignature(env, path, read)),
    // The declaration found must be the one of the file as it reads now, not of an earlier parse.
    b: b ? { file: b.getSourceFile().fileName.slice(root.length), current: b.getSourceFile() === project.getSourceFile(b.getSourceFile().fileName)?.compilerNode, line: b.getSourceFile().getLineAndCharacterOfPosition(b.getStart()).line } : null,
  };
}

async function coldAnswers(): Promise<unknown> {
  const fresh = createTsProjectCache();
  return answers(syncTsProject(fresh, root, silentLogger, await infos([...written]), []));
}

describe('a warm project after edits answers like a fresh one', () => {
  it('follows a lazy target that starts importing another routing module, a renamed route path and a moved loader line', async () => {
    let project = cache.project as Project;
    const before = answers(project) as { mounted: string[]; prefixes: string[][][] };
    expect(before.mounted).toEqual(['src/app/catalog/catalog-routing.module.ts', 'src/app/catalog/catalog.module.ts']);
    expect(before.prefixes).toEqual([[['/shop']], [[]]]);

    project = await edit({ 'src/app/catalog/catalog.module.ts': "import { CatalogRoutingModule } from './catalog-routing.module';\nimport { OrdersRoutingModule } from '../orders/orders-routing.module';\n@NgModule({ imports: [CatalogRoutingModule, OrdersRoutingModule] })\nexport class CatalogModule {}" });
    const reached = answers(project) as { mounted: string[]; prefixes: string[][][] };
    expect(reached.mounted).toContain('src/app/orders/orders-routing.module.ts');
    expect(reached.prefixes).toEqual([[['/shop']], [['/shop']]]);
    expect(reached).toEqual(await coldAnswers());

    project = await edit({ 'src/app/app.routes.ts': `\n\n${start['src/app/app.routes.ts']!.replace("'shop'", "'store'")}` });
    const renamed = answers(project) as { prefixes: string[][][]; signatures: string[] };
    expect(renamed.prefixes).toEqual([[['/store']], [['/store']]]);
    expect(renamed.signatures).not.toEqual((reached as { signatures: string[] }).signatures);
    expect(renamed).toEqual(await coldAnswers());
  });

  it('finds a loader file that appears, and forgets one that stops loading', async () => {
    let project = await edit({ 'src/app/extra.routes.ts': "export const extra: Routes = [{ path: 'extra', loadChildren: () => import('./orders/orders-routing.module').then((m) => m.OrdersRoutingModule) }];" }, true);
    expect((answers(project) as { prefixes: string[][][] }).prefixes[1]).toEqual([['/extra']]);
    expect(answers(project)).toEqual(await coldAnswers());
    // The same file, no longer a loader: no membership change, only its text.
    project = await edit({ 'src/app/extra.routes.ts': "export const extra: Routes = [{ path: 'extra', component: Extra }];\nclass Extra {}" });
    expect((answers(project) as { prefixes: string[][][] }).prefixes[1]).toEqual([[]]);
    expect(answers(project)).toEqual(await coldAnswers());
  });

  it('reads a star export from the file as it is now, whether or not its export surface moved', async () => {
    // Same surface (a body edit that moves B down a line): kept answers must lead to the new parse.
    let project = await edit({ 'src/lib/b.ts': '// moved\nexport class B { x = 1; }\nexport const size = 1;' });
    expect(answers(project)).toMatchObject({ b: { file: '/src/lib/b.ts', current: true, line: 1 } });
    expect(answers(project)).toEqual(await coldAnswers());
    // Surface moved: `B` now comes from a.ts.
    project = await edit({ 'src/lib/b.ts': 'export const size = 2;', 'src/lib/a.ts': 'export class A {}\nexport class B {}' });
    expect(answers(project)).toMatchObject({ b: { file: '/src/lib/a.ts', current: true, line: 1 } });
    expect(answers(project)).toEqual(await coldAnswers());
  });
});

describe('star answers of an on-demand project', () => {
  it('drops an answer when a star target it only tested by text changes, though no surface it parsed moved', async () => {
    // Only the barrel is parsed; a.ts and b.ts are loaded when a lookup needs them.
    const fresh = createTsProjectCache();
    const project = syncTsProject(fresh, root, silentLogger, await infos(['src/lib/index.ts']), []);
    attachOnDemandFiles(project, {
      root, paths: new Set(Object.keys(start)),
      text: (path) => readFileSync(join(root, path), 'utf8'),
      load: (path) => project.addSourceFileAtPath(join(root, path)),
    });
    const env = { root, project };
    const barrel = () => project.getSourceFileOrThrow(join(root, 'src/lib/index.ts')).compilerNode;
    const from = () => exportedDeclarations(env, barrel(), 'B').decls[0]?.getSourceFile().fileName.slice(root.length);
    expect(from()).toBe('/src/lib/b.ts');
    expect(project.getSourceFile(join(root, 'src/lib/a.ts'))).toBeUndefined();
    // a.ts, never parsed (its text has no `B`), now declares B: the star before b.ts wins.
    write('src/lib/a.ts', 'export class A {}\nexport class B {}');
    syncTsProject(fresh, root, silentLogger, await infos(['src/lib/a.ts']), [], false);
    expect(from()).toBe('/src/lib/a.ts');
  });
});
