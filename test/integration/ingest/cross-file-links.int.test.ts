import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTsProjectCache, ingestRepository } from '../../../ingest/index.js';
import { ids } from '../../../ingest/model/ids.js';
import { markRepoWriting } from '../../../ingest/write/ingest.queries.js';
import type { Graph } from '../../../src/graph/graph.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { edgesByType, nodesByLabel } from '../../support/ingest-queries.js';
import { removeWorkspace, writeFile, writeWorkspace } from '../../support/mini-workspace.js';

const APP = 'src/app';
const FILES: Record<string, string> = {
  [`${APP}/highlight.directive.ts`]: "@Directive({ selector: '[appHighlight]' })\nexport class HighlightDirective {}\n",
  [`${APP}/mat-button.component.ts`]: "@Component({ selector: 'button[mat-button], a[mat-button]', template: '<ng-content></ng-content>' })\nexport class MatButtonComponent {}\n",
  [`${APP}/card.component.ts`]: "@Component({ selector: 'app-card, app-tile', templateUrl: './card.component.html' })\nexport class CardComponent {}\n",
  [`${APP}/card.component.html`]: [
    '<button mat-button type="button">Go</button>',
    '<a mat-button href="/x">x</a>',
    '<li [appHighlight]="\'y\'">a</li>',
    '<app-tile></app-tile>',
    '<div class="plain"></div>',
    '<span appTip>tip</span>',
  ].join('\n'),
  [`${APP}/util.ts`]: 'export function fmt(x: string): string {\n  return x;\n}\n',
  [`${APP}/user.service.ts`]: "import { fmt } from './util';\nexport class UserService {\n  name(): string {\n    return fmt('a');\n  }\n}\n",
  [`${APP}/app.routes.ts`]: [
    "import { ADMIN_ROUTES } from './admin/admin.routes';",
    'export const routes: Routes = [',
    "  { path: 'admin', children: ADMIN_ROUTES },",
    '];',
    'export const config = { providers: [provideRouter(routes)] };',
  ].join('\n'),
  [`${APP}/admin/admin.routes.ts`]: [
    'export const ADMIN_ROUTES: Routes = [',
    "  { path: 'users', component: CardComponent },",
    "  { path: 'reports', loadChildren: () => import('./reports.routes').then((m) => m.REPORT_ROUTES) },",
    '];',
  ].join('\n'),
  [`${APP}/admin/reports.routes.ts`]: "export const REPORT_ROUTES = [{ path: ':id', component: CardComponent }];\n",
};

// Links that cross files with the registered extractors: attribute selectors, importers of a
// deleted file, routes mounted through an imported children array. Cases run in order on one copy.
describe('cross-file links (registered extractors)', () => {
  let graph: Graph;
  let root: string;
  const repoId = testNamespace('ingest-cross-file');
  const cache = createTsProjectCache();
  const ingest = (changedPaths?: string[]) => ingestRepository({ graph, root, log: silentLogger, settings: { repoId }, projectCache: cache, changedPaths });
  const nodes = async (label: string) => (await graph.read(nodesByLabel, { repoId, label })).map((n) => n.props as Record<string, unknown>);
  const edges = (type: string) => graph.read(edgesByType, { repoId, type });
  const usage = (line: number, col = 1) => ids.usage(repoId, `${APP}/card.component.html`, line, col);
  const sym = (file: string, name: string) => ids.symbol(repoId, `${APP}/${file}`, name);
  const importsOfService = async () => (await edges('IMPORTS')).filter((e) => e.from === ids.file(repoId, `${APP}/user.service.ts`)).map((e) => e.to);
  const importRefsOfService = async () =>
    (await nodes('Ref')).filter((r) => r.ownerFile === `${APP}/user.service.ts` && r.relType === 'IMPORTS').map((r) => [r.kind, r.status, JSON.parse(r.target as string)]);

  beforeAll(async () => {
    graph = openTestGraph();
    root = writeWorkspace(FILES);
    await ingest();
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph.close();
    removeWorkspace(root);
  });

  it('matches element occurrences against attribute, element[attribute] and comma-list selectors', async () => {
    const uses = (await edges('USES_SELECTOR')).filter((e) => e.from.startsWith(ids.usage(repoId, `${APP}/card.component.html`, 0, 0).replace(/0:0$/, '')));
    expect(uses.map((e) => [e.from, e.to])).toEqual([
      [usage(1), sym('mat-button.component.ts', 'MatButtonComponent')],
      [usage(2), sym('mat-button.component.ts', 'MatButtonComponent')],
      [usage(3), sym('highlight.directive.ts', 'HighlightDirective')],
      [usage(4), sym('card.component.ts', 'CardComponent')],
    ]);
    const tip = (await nodes('Ref')).find((r) => r.fromId === usage(6));
    expect(tip).toMatchObject({ status: 'unresolved', attrKeys: ['selector:[apptip]'] });
  });

  it('re-links an unchanged template when a directive with a matching attribute selector appears', async () => {
    writeFile(root, `${APP}/tip.directive.ts`, "@Directive({ selector: '[appTip]' })\nexport class TipDirective {}\n");
    const summary = await ingest();
    expect(summary.files).toMatchObject({ added: 1, parsed: 1 });
    expect((await edges('USES_SELECTOR')).filter((e) => e.from === usage(6)).map((e) => e.to)).toEqual([sym('tip.directive.ts', 'TipDirective')]);
  });

  it('composes the full path of routes mounted through an imported children array, lazy levels below it included', async () => {
    const routes = (await nodes('Route')).map((r) => [r.path, r.fullPath, r.mount]).sort();
    expect(routes).toEqual([
      [`${APP}/admin/admin.routes.ts`, '/admin/reports', 'child'],
      [`${APP}/admin/admin.routes.ts`, '/admin/users', 'child'],
      [`${APP}/admin/reports.routes.ts`, '/admin/reports/:id', 'lazy'],
      [`${APP}/app.routes.ts`, '/admin', 'root'],
    ]);
    expect((await edges('CHILD_OF')).map((e) => [e.from, e.to]).sort()).toContainEqual([
      ids.route(repoId, `${APP}/admin/admin.routes.ts`, 2, '/users'), ids.route(repoId, `${APP}/app.routes.ts`, 3, '/admin'),
    ]);
  });

  it('re-extracts the importers of a deleted file: their imports of it become unresolved', async () => {
    expect(await importsOfService()).toEqual([ids.file(repoId, `${APP}/util.ts`)]);
    rmSync(join(root, `${APP}/util.ts`));
    const summary = await ingest();
    expect(summary.files).toMatchObject({ deleted: 1, dependents: 1, parsed: 1 });
    expect(await importsOfService()).toEqual([]);
    expect(await importRefsOfService()).toEqual([['file', 'unresolved', { kind: 'file', path: `${APP}/util` }]]);
  });

  it('does the same for paths a watcher reports, and re-links when the file returns', async () => {
    writeFile(root, `${APP}/util.ts`, FILES[`${APP}/util.ts`] as string);
    const back = await ingest([`${APP}/util.ts`]);
    expect(back.files).toMatchObject({ added: 1 });
    expect(await importsOfService()).toEqual([ids.file(repoId, `${APP}/util.ts`)]);
    rmSync(join(root, `${APP}/util.ts`));
    const gone = await ingest([`${APP}/util.ts`]);
    expect(gone.mode).toBe('paths');
    expect(gone.files).toMatchObject({ deleted: 1, dependents: 1, parsed: 1 });
    expect(await importsOfService()).toEqual([]);
    expect(await importRefsOfService()).toEqual([['file', 'unresolved', { kind: 'file', path: `${APP}/util` }]]);
  });

  it('re-extracts every file after a run that died between its writes and its snapshot', async () => {
    const before = (await nodes('Ref')).map((r) => [r.id, r.status]).sort();
    await graph.write(markRepoWriting, { repoId });
    const summary = await ingest();
    expect(summary.knownFrom).toBe('graph');
    expect(summary.files).toMatchObject({ changed: 0, added: 0, deleted: 0, parsed: summary.files.seen });
    expect((await nodes('Ref')).map((r) => [r.id, r.status]).sort()).toEqual(before);
    expect(await ingest()).toMatchObject({ wrote: false, knownFrom: 'cache' });
  });
});
