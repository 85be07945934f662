import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateRouteIndex } from '../../../ingest/extractors/routes/index.js';
import { addNewlyMounted } from '../../../ingest/pipeline/lazy-targets.js';
import { readOne, type SourceInfo } from '../../../ingest/pipeline/read-files.js';
import { DEFAULT_SETTINGS } from '../../../ingest/pipeline/settings.js';
import { emptySummary } from '../../../ingest/pipeline/summary.js';
import { createTsProject } from '../../../ingest/pipeline/ts-project.js';
import { silentLogger } from '../../../src/runtime/logger.js';

// A loader re-pointed from one lazy module to another: the newly loaded module never read the
// loader, so only this step puts it back on the list to extract (with the loader's prefix).
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

describe('pipeline: files a changed loader starts mounting', () => {
  it('queues the routing module the new lazy target reaches and nested lazy levels, once (not the module: no route syntax)', async () => {
    const project = createTsProject(root, silentLogger);
    for (const path of Object.keys(files)) project.addSourceFileAtPath(join(root, path));
    invalidateRouteIndex(project);
    const loader = (await readOne(root, 'src/app/app.routes.ts', DEFAULT_SETTINGS.maxFileBytes)) as SourceInfo;
    const cartModule = (await readOne(root, 'src/app/cart/cart.module.ts', DEFAULT_SETTINGS.maxFileBytes)) as SourceInfo;
    const toParse = [loader, cartModule];
    const current = new Map(toParse.map((i) => [i.path, i] as const));
    const summary = emptySummary('r', root);
    const added = await addNewlyMounted(project, root, 'r', DEFAULT_SETTINGS, new Map(), toParse, current, summary);
    expect([...added].sort()).toEqual(['src/app/catalog/catalog-routing.module.ts', 'src/app/items/items.routes.ts']);
    expect(toParse.map((i) => i.path)).toEqual(['src/app/app.routes.ts', 'src/app/cart/cart.module.ts', ...added]);
    expect([summary.files.dependents, summary.files.parsed]).toEqual([2, 4]);
    // Nothing new to queue the second time.
    expect(await addNewlyMounted(project, root, 'r', DEFAULT_SETTINGS, new Map(), toParse, current, summary)).toEqual([]);
  });

  it('leaves files whose known mounts already came from the changed loader to the mount check', async () => {
    const project = createTsProject(root, silentLogger);
    for (const path of Object.keys(files)) project.addSourceFileAtPath(join(root, path));
    invalidateRouteIndex(project);
    const loader = (await readOne(root, 'src/app/app.routes.ts', DEFAULT_SETTINGS.maxFileBytes)) as SourceInfo;
    const toParse = [loader];
    const known = new Map([['src/app/catalog/catalog-routing.module.ts', {
      path: 'src/app/catalog/catalog-routing.module.ts', sha256: 's', blob: 'b', reads: [], mountReads: ['src/app/app.routes.ts'], mountSig: 'sig',
    }]]);
    const added = await addNewlyMounted(project, root, 'r', DEFAULT_SETTINGS, known, toParse, new Map([[loader.path, loader]]), emptySummary('r', root));
    expect(added).toEqual(['src/app/items/items.routes.ts']);
  });
});
