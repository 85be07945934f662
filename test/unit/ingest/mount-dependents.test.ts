import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateRouteIndex, reachOf } from '../../../ingest/extractors/routes/index.js';
import { currentMountSignature } from '../../../ingest/extractors/routes/file-mounts.js';
import type { KnownFile } from '../../../ingest/pipeline/known-files.js';
import { addMountDependents, mountedByChanged } from '../../../ingest/pipeline/mount-dependents.js';
import { readOne, type SourceInfo } from '../../../ingest/pipeline/read-files.js';
import { DEFAULT_SETTINGS } from '../../../ingest/pipeline/settings.js';
import { emptySummary } from '../../../ingest/pipeline/summary.js';
import { createTsProject } from '../../../ingest/pipeline/ts-project.js';
import { silentLogger } from '../../../src/runtime/logger.js';

// A loader re-pointed from one lazy module to another: the newly loaded module never read the
// loader, so only this step puts it back on the list to extract (with the loader's prefix); files
// mounted before are re-extracted only when their mounts moved.
const files: Record<string, string> = {
  'src/app/app.routes.ts': "export const routes: Routes = [{ path: 'shop', loadChildren: () => import('./catalog/catalog.module').then((m) => m.CatalogModule) }];",
  'src/app/catalog/catalog.module.ts': "import { CatalogRoutingModule } from './catalog-routing.module';\n@NgModule({ imports: [CatalogRoutingModule] })\nexport class CatalogModule {}",
  'src/app/catalog/catalog-routing.module.ts': "@NgModule({ imports: [RouterModule.forChild([{ path: 'items', loadChildren: () => import('../items/items.routes').then((m) => m.ITEMS) }])] })\nexport class CatalogRoutingModule {}",
  'src/app/items/items.routes.ts': "export const ITEMS: Routes = [{ path: ':id', component: Item }];\nclass Item {}",
  'src/app/cart/cart.module.ts': 'export class CartModule {}',
};

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'gg-lazy-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('pipeline: files mounted below a changed loader', () => {
  const setup = async () => {
    const project = createTsProject(root, silentLogger);
    for (const path of Object.keys(files)) project.addSourceFileAtPath(join(root, path));
    invalidateRouteIndex(project);
    const loader = readOne(root, 'src/app/app.routes.ts', DEFAULT_SETTINGS.maxFileBytes) as SourceInfo;
    return { project, loader };
  };

  it('queues what a changed loader mounts now that has route syntax (not the module), once', async () => {
    const { project, loader } = await setup();
    const cartModule = readOne(root, 'src/app/cart/cart.module.ts', DEFAULT_SETTINGS.maxFileBytes) as SourceInfo;
    const toParse = [loader, cartModule];
    const current = new Map(toParse.map((i) => [i.path, i] as const));
    const summary = emptySummary('r', root);
    const mounted = mountedByChanged(project, root, 'r', toParse);
    expect([...mounted].sort()).toEqual(['src/app/catalog/catalog-routing.module.ts', 'src/app/catalog/catalog.module.ts', 'src/app/items/items.routes.ts']);
    const added = await addMountDependents(project, root, 'r', DEFAULT_SETTINGS, mounted, new Map(), toParse, current, summary);
    expect(added).toEqual(['src/app/catalog/catalog-routing.module.ts', 'src/app/items/items.routes.ts']);
    expect(toParse.map((i) => i.path)).toEqual(['src/app/app.routes.ts', 'src/app/cart/cart.module.ts', ...added]);
    expect([summary.files.dependents, summary.files.parsed]).toEqual([2, 4]);
    // Nothing new to queue the second time.
    expect(await addMountDependents(project, root, 'r', DEFAULT_SETTINGS, mounted, new Map(), toParse, current, summary)).toEqual([]);
  });

  it('skips a file whose stored mount signature is the one computed now, and queues one whose signature moved', async () => {
    const { project, loader } = await setup();
    const read = (path: string) => readFileSync(join(root, path), 'utf8');
    const now = (path: string) => currentMountSignature({ repoId: 'r', root, project }, path, read);
    expect(now('src/app/items/items.routes.ts')).toMatch(/^[0-9a-f]{32}$/);
    const row = (path: string, mountSig: string | null): [string, KnownFile] => [path, { path, sha256: 's', blob: 'b', reads: [], mountReads: ['src/app/app.routes.ts'], mountSig }];
    const known = new Map([row('src/app/catalog/catalog-routing.module.ts', now('src/app/catalog/catalog-routing.module.ts')), row('src/app/items/items.routes.ts', 'an older signature')]);
    const summary = emptySummary('r', root);
    const toParse = [loader];
    const added = await addMountDependents(project, root, 'r', DEFAULT_SETTINGS, known.keys(), known, toParse, new Map([[loader.path, loader]]), summary);
    expect(added).toEqual(['src/app/items/items.routes.ts']);
    expect(summary.files.mountsUnchanged).toBe(1);
  });
});

describe('lazy-route index: a reach recomputed after an edit', () => {
  it("follows the edited module's imports as they read now, and the other files' as before", () => {
    const project = createTsProject(root, silentLogger);
    for (const path of Object.keys(files)) project.addSourceFileAtPath(join(root, path));
    invalidateRouteIndex(project);
    const env = { repoId: 'r', root, project };
    const target = 'src/app/catalog/catalog.module.ts';
    expect([...reachOf(env, target)].sort()).toEqual(['src/app/catalog/catalog-routing.module.ts', target]);
    // The module now imports the cart module too: the project holds a new tree for it, the watcher invalidates its path.
    project.getSourceFileOrThrow(join(root, target)).replaceWithText(`import { CartModule } from '../cart/cart.module';\n${files[target]}`);
    invalidateRouteIndex(project, [target]);
    expect([...reachOf(env, target)].sort()).toEqual(['src/app/cart/cart.module.ts', 'src/app/catalog/catalog-routing.module.ts', target]);
    // And back: the import removed is no longer followed.
    project.getSourceFileOrThrow(join(root, target)).replaceWithText(files[target] as string);
    invalidateRouteIndex(project, [target]);
    expect([...reachOf(env, target)].sort()).toEqual(['src/app/catalog/catalog-routing.module.ts', target]);
  });
});
