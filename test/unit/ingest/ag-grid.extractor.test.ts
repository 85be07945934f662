import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { agGridExtractor } from '../../../ingest/extractors/ag-grid/index.js';
import type { FileFacts } from '../../../ingest/model/facts.js';
import { ids } from '../../../ingest/model/ids.js';
import { validateFacts } from '../../../ingest/write/validate-facts.js';
import { loadWorkspace, memoryWorkspace, REPO_ID, type Workspace } from '../../support/extract-fixture.js';

const ORDERS = 'projects/host/src/app/orders';
const LIST = `${ORDERS}/orders-list/orders-list.component.ts`;
const HTML = `${ORDERS}/orders-list/orders-list.component.html`;
const FACTORY = `${ORDERS}/orders-list/order-columns.ts`;
const LINK = `${ORDERS}/renderers/order-link-renderer.component.ts`;
const EDIT = `${ORDERS}/renderers/order-edit-renderer.component.ts`;
const STATUS = `${ORDERS}/renderers/status-renderer.component.ts`;
const col = (path: string, line: number, key: string) => ids.column(REPO_ID, path, line, path === LIST ? key : `${key}@${LIST}`);
const sym = (path: string, name: string) => ids.symbol(REPO_ID, path, name);
const grid1 = ids.grid(REPO_ID, HTML, 3);
const grid2 = ids.grid(REPO_ID, HTML, 11);

let ws: Workspace;
beforeAll(() => {
  ws = loadWorkspace();
});

describe('ag-grid extractor: the orders list grids', () => {
  let facts: FileFacts;
  const node = (id: string) => facts.nodes.find((n) => n.id === id);
  const edges = (type: string, from?: string) => facts.edges.filter((e) => e.type === type && (!from || e.from === from)).map((e) => [e.to, e.props ?? {}]);
  beforeAll(() => {
    facts = ws.extract(LIST, [agGridExtractor]);
  });

  it('emits a GridTable per <ag-grid-angular>, located in the template and rendered by the component', () => {
    expect(node(grid1)?.props).toEqual({
      name: 'OrdersListComponent', component: 'OrdersListComponent', path: HTML, startLine: 3, endLine: 9,
      usageId: ids.usage(REPO_ID, HTML, 3, 3), columnDefsExpression: 'columnDefs', rowDataExpression: 'orders$ | async',
      componentsExpression: 'components', columnCount: 6,
    });
    expect(node(grid2)?.props).toMatchObject({ name: 'OrdersListComponent#2', startLine: 11, endLine: 15, gridOptionsExpression: 'auditGridOptions', columnCount: 4 });
    expect(edges('RENDERS_GRID')).toEqual([[grid1, {}], [grid2, {}]]);
    expect(facts.edges.filter((e) => e.type === 'RENDERS_GRID').every((e) => e.from === sym(LIST, 'OrdersListComponent'))).toBe(true);
  });

  it('follows inline arrays, spread factories in other files and builder helpers to each column', () => {
    expect(edges('HAS_COLUMN', grid1)).toEqual([
      [col(LIST, 21, 'id'), { index: 0 }], [col(LIST, 22, 'status'), { index: 1 }], [col(FACTORY, 9, 'customerName'), { index: 2 }],
      [col(FACTORY, 10, 'customerEmail'), { index: 3 }], [col(LIST, 24, 'total'), { index: 4 }], [col(LIST, 25, 'actions'), { index: 5 }],
    ]);
    expect(node(col(FACTORY, 9, 'customerName'))?.props).toEqual({ path: FACTORY, startLine: 9, endLine: 9, field: 'customerName', headerName: 'Customer', builder: 'textColumn' });
    expect(node(col(LIST, 24, 'total'))?.props).toEqual({ path: LIST, startLine: 24, endLine: 24, field: 'total', headerName: 'Total', builder: 'moneyColumn' });
    expect(node(col(LIST, 25, 'actions'))?.props).toEqual({ path: LIST, startLine: 25, endLine: 25, colId: 'actions', headerName: 'Actions' });
  });

  it('follows a ColDef[] member assigned in ngOnInit to a factory arrow function', () => {
    expect(edges('HAS_COLUMN', grid2).map(([to]) => to)).toEqual([
      col(FACTORY, 16, 'at'), col(FACTORY, 21, 'actor'), col(FACTORY, 27, 'action'), col(FACTORY, 28, 'kind'),
    ]);
    expect(node(col(FACTORY, 16, 'at'))?.props).toEqual({ path: FACTORY, startLine: 16, endLine: 20, field: 'at', headerName: 'When' });
  });

  it('resolves class renderers, registry keys (components and gridOptions.frameworkComponents) and cellRendererSelector', () => {
    expect(edges('USES_RENDERER')).toEqual([
      [sym(LINK, 'OrderLinkRendererComponent'), { via: 'cellRenderer', rendererClass: 'OrderLinkRendererComponent' }],
      [sym(STATUS, 'StatusRendererComponent'), { via: 'cellRenderer', registryKey: 'statusRenderer', rendererClass: 'StatusRendererComponent' }],
      [sym(EDIT, 'OrderEditRendererComponent'), { via: 'cellRenderer', rendererClass: 'OrderEditRendererComponent' }],
      [ids.renderer(REPO_ID, FACTORY, `fn:19:inline function@${LIST}`), { via: 'cellRenderer' }],
      [sym(STATUS, 'StatusRendererComponent'), { via: 'cellRendererSelector', registryKey: 'statusRenderer', rendererClass: 'StatusRendererComponent' }],
      [sym(LINK, 'OrderLinkRendererComponent'), { via: 'cellRendererSelector', rendererClass: 'OrderLinkRendererComponent' }],
      [ids.renderer(REPO_ID, LIST, 'builtin:agAnimateShowChangeCellRenderer'), { via: 'cellRenderer' }],
      [ids.renderer(REPO_ID, LIST, 'unresolved:kindRenderer'), { via: 'cellRenderer' }],
    ]);
    expect(facts.edges.filter((e) => e.type === 'USES_RENDERER').map((e) => e.from)).toEqual([
      col(LIST, 21, 'id'), col(LIST, 22, 'status'), col(LIST, 25, 'actions'), col(FACTORY, 16, 'at'), col(FACTORY, 21, 'actor'),
      col(FACTORY, 21, 'actor'), col(FACTORY, 27, 'action'), col(FACTORY, 28, 'kind'),
    ]);
  });

  it('records unresolvable renderer indirection explicitly', () => {
    expect(node(ids.renderer(REPO_ID, LIST, 'unresolved:kindRenderer'))?.props).toEqual({
      name: 'kindRenderer', kind: 'unresolved', expression: "'kindRenderer'",
      unresolvedReason: "registry key 'kindRenderer' not found in components/frameworkComponents registries",
    });
    expect(facts.events).toEqual([{
      kind: 'unresolved_reference', parser: 'ag-grid', path: LIST,
      message: `renderer kindRenderer: registry key 'kindRenderer' not found in components/frameworkComponents registries (at ${FACTORY}:28)`,
    }]);
  });
});

describe('ag-grid extractor: renderer classes', () => {
  it('labels a renderer class Symbol CellRenderer in its own file', () => {
    for (const [path, name, end] of [[LINK, 'OrderLinkRendererComponent', 27], [STATUS, 'StatusRendererComponent', 21]] as const) {
      const facts = ws.extract(path, [agGridExtractor]);
      expect(facts.nodes).toEqual([{
        id: sym(path, name), labels: ['Symbol', 'CellRenderer'],
        props: { name, path, startLine: 7 - (path === STATUS ? 2 : 0), endLine: end, rendererEvidence: 'implements' },
      }]);
    }
  });

  it('accepts agInit/refresh classes without implements, but not editors or filters', () => {
    const src = `export class A { agInit(p: unknown) {} refresh() { return true; } }
export class B { agInit(p: unknown) {} refresh() { return true; } getValue() { return 1; } }
export class C implements IFilterAngularComp { agInit(p: unknown) {} refresh() { return true; } }`;
    const facts = memoryWorkspace({ 'r.ts': src }).extract('r.ts', [agGridExtractor]);
    expect(facts.nodes.map((n) => [n.id, n.props.rendererEvidence])).toEqual([[ids.symbol(REPO_ID, 'r.ts', 'A'), 'agInit']]);
  });
});

describe('ag-grid extractor: other shapes', () => {
  const host = (template: string, body: string, extra = '') => memoryWorkspace({
    'g.ts': `${extra}\n@Component({ selector: 'x-g', template: \`${template}\` })\nexport class G {\n${body}\n}\n`,
  }).extract('g.ts', [agGridExtractor]);

  it('reads gridOptions.columnDefs, signals, groups and push() and reports computed lists', () => {
    const facts = host('<ag-grid-angular [gridOptions]="opts"></ag-grid-angular><ag-grid-angular [columnDefs]="cols()"></ag-grid-angular><ag-grid-angular [columnDefs]="mapped"></ag-grid-angular>',
      `opts = { columnDefs: [{ headerName: 'G', children: [{ field: 'a' }, { field: 'b' }] }] };
  cols = signal(build());
  mapped = ['x', 'y'].map((f) => ({ field: f }));`,
      `function build() { const list = [{ field: 'c' }]; list.push({ field: 'd', cellRenderer: Missing }); return list; }`);
    const cols = facts.nodes.filter((n) => n.labels[0] === 'ColumnDef').map((n) => [n.props.field ?? null, n.props.groupHeader ?? null, n.props.unresolvedReason ?? null]);
    expect(cols).toEqual([['a', 'G', null], ['b', 'G', null], ['c', null, null], ['d', null, null], [null, null, 'columns computed by map()']]);
    expect(facts.nodes.filter((n) => n.labels[0] === 'CellRenderer').map((n) => n.props)).toEqual([
      { name: 'Missing', kind: 'unresolved', unresolvedReason: 'renderer not declared in the repository', expression: 'Missing' },
    ]);
    expect(facts.events.map((e) => e.message)).toEqual(['renderer Missing: renderer not declared in the repository', 'column: columns computed by map()']);
  });

  it('explains a grid whose columns cannot be found', () => {
    const facts = host('<ag-grid-angular [columnDefs]="inherited"></ag-grid-angular>', '');
    expect(facts.nodes[0]?.props.unresolvedReason).toBe("member 'inherited' not found in G (inherited or an input)");
  });

  it('never throws on random grid hosts', () => {
    const values = ['[]', '[{ field: "a" }]', 'f()', 'this.x', '[...y]', '{ statusRenderer: R }', 'null', '(', '[{ cellRenderer: "k" }', 'x.map(g)', 'cond ? [] : [{ colId: "z" }]'];
    fc.assert(fc.property(fc.array(fc.tuple(fc.constantFrom('cols', 'comps', 'opts', 'x', 'y'), fc.constantFrom(...values)), { maxLength: 5 }), (members) => {
      const body = members.map(([k, v]) => `${k} = ${v};`).join('\n');
      const facts = host('<ag-grid-angular [columnDefs]="cols" [components]="comps" [gridOptions]="opts"></ag-grid-angular>', body, 'function f() { return [{ field: "q" }]; }');
      expect(validateFacts(facts).events).toHaveLength(facts.events.length);
    }), { numRuns: 40 });
  });
});
