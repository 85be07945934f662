import type { ClassDeclaration, Node } from 'ts-morph';
import { SyntaxKind } from 'ts-morph';
import type { ExtractContext, Extractor } from '../../model/extractor.js';
import type { FileFacts, PropValue } from '../../model/facts.js';
import { ids } from '../../model/ids.js';
import { addEdge, addEvent, guarded, upsertNode } from '../support/facts.js';
import { isTypeScriptSource, sourceFileOf } from '../support/source.js';
import { compact } from '../support/text.js';
import { evaluateColumns, objectLiteralOf, type ColumnSite } from './column-eval.js';
import { boundMember, gridHosts, hasMember, type GridHost } from './grid-hosts.js';
import { emitColumn, emitUnresolvedColumn, labelRendererClass, linkRenderer, pathOf, rendererNodeId } from './grid-facts.js';
import { rendererEvidence } from './renderer-class.js';
import { resolveRenderer, resolveSelector, type Registry, type RendererTarget } from './renderer-resolve.js';
import { memberValues, returnedValues } from './value-resolve.js';
import { startLine } from '../support/lines.js';

const PARSER = 'ag-grid';
const RENDERER_PROPS = ['cellRenderer', 'cellRendererFramework', 'cellRendererSelector'] as const;

/** Values of the member a grid input binds (`[columnDefs]="cols"` → everything `cols` is set to). */
function boundValues(host: GridHost, input: string): { values: Node[]; reason?: string } {
  const binding = host.bindings.get(input);
  if (!binding) return { values: [] };
  const member = boundMember(binding.ast);
  if (!member) return { values: [], reason: `[${input}] binding is not a plain member read` };
  if (!hasMember(host.cls, member)) return { values: [], reason: `member '${member}' not found in ${host.className} (inherited or an input)` };
  const method = host.cls.getMethod(member);
  const values = method ? returnedValues(method) : memberValues(host.cls, member);
  return values.length ? { values } : { values: [], reason: `member '${member}' has no statically known value` };
}

/** `components` / `frameworkComponents` registries from the grid inputs and its gridOptions. */
function registriesOf(host: GridHost): Registry[] {
  const out: Registry[] = [];
  for (const input of ['components', 'frameworkComponents']) {
    for (const v of boundValues(host, input).values) {
      const obj = objectLiteralOf(v, new Map());
      if (obj) out.push(obj);
    }
  }
  for (const v of boundValues(host, 'gridOptions').values) {
    const options = objectLiteralOf(v, new Map());
    for (const key of ['components', 'frameworkComponents']) {
      const prop = options?.obj.getProperty(key);
      const init = prop && prop.isKind(SyntaxKind.PropertyAssignment) ? prop.getInitializer() : undefined;
      const obj = init ? objectLiteralOf(init, options?.env ?? new Map()) : undefined;
      if (obj) out.push(obj);
    }
  }
  return out;
}

/** Column-list expressions: `[columnDefs]`, else `gridOptions.columnDefs`, else `setColumnDefs(x)` / `setGridOption('columnDefs', x)` calls. */
function columnSources(host: GridHost): { values: Node[]; reason?: string } {
  const direct = boundValues(host, 'columnDefs');
  if (direct.values.length || host.bindings.has('columnDefs')) return direct;
  const values: Node[] = [];
  for (const v of boundValues(host, 'gridOptions').values) {
    const options = objectLiteralOf(v, new Map());
    const prop = options?.obj.getProperty('columnDefs');
    if (prop && prop.isKind(SyntaxKind.PropertyAssignment)) values.push(prop.getInitializerOrThrow());
  }
  for (const call of host.cls.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression().getText();
    const args = call.getArguments();
    if (/\.setColumnDefs$/.test(callee) && args[0]) values.push(args[0]);
    if (/\.setGridOption$/.test(callee) && args[0]?.getText().replace(/["'`]/g, '') === 'columnDefs' && args[1]) values.push(args[1]);
  }
  return values.length ? { values } : { values, reason: 'no [columnDefs] binding, gridOptions.columnDefs or setColumnDefs call found' };
}

function renderersOf(col: ColumnSite, registries: Registry[]): Array<{ via: string; target: RendererTarget }> {
  const out: Array<{ via: string; target: RendererTarget }> = [];
  for (const via of RENDERER_PROPS) {
    const prop = col.props.get(via);
    if (!prop) continue;
    const targets = via === 'cellRendererSelector' ? resolveSelector(prop.node, prop.env, registries) : resolveRenderer(prop.node, prop.env, registries);
    for (const target of targets) out.push({ via, target });
  }
  return out;
}

/** An unresolved_reference event; the line only when the node is in this file (else the place is named). */
function report(ctx: ExtractContext, into: FileFacts, node: Node, message: string): void {
  const path = pathOf(ctx, node);
  if (path === ctx.path) addEvent(into, PARSER, 'unresolved_reference', message, startLine(node));
  else addEvent(into, PARSER, 'unresolved_reference', `${message} (at ${path ?? 'outside the repo'}:${startLine(node)})`);
}

function extractGrid(ctx: ExtractContext, into: FileFacts, host: GridHost, ordinal: number): void {
  const el = host.element;
  const gridId = ids.grid(ctx.repoId, host.templatePath, el.line);
  const registries = registriesOf(host);
  const sources = columnSources(host);
  const result = evaluateColumns(sources.values);
  const depends = new Set<string>([host.templatePath]);
  for (const node of [...registries.map((r) => r.obj), ...result.unresolved.map((u) => u.node)]) {
    const p = pathOf(ctx, node);
    if (p) depends.add(p);
  }
  const props: Record<string, PropValue> = {
    name: ordinal === 0 ? host.className : `${host.className}#${ordinal + 1}`,
    component: host.className,
    path: host.templatePath,
    startLine: el.line,
    endLine: el.endLine,
    usageId: ids.usage(ctx.repoId, host.templatePath, el.line, el.col),
  };
  for (const [input, prop] of [['columnDefs', 'columnDefsExpression'], ['rowData', 'rowDataExpression'], ['gridOptions', 'gridOptionsExpression'],
    ['components', 'componentsExpression'], ['frameworkComponents', 'frameworkComponentsExpression']] as const) {
    const b = host.bindings.get(input);
    if (b) props[prop] = compact(b.source, 160);
  }
  if (sources.reason) props.unresolvedReason = sources.reason;
  upsertNode(into, { id: gridId, labels: ['GridTable'], props });
  addEdge(into, { type: 'RENDERS_GRID', from: ids.symbol(ctx.repoId, ctx.path, host.className), to: gridId });
  if (sources.reason) addEvent(into, PARSER, 'unresolved_reference', `${props.name}: ${sources.reason}`, startLine(host.cls));
  let index = 0;
  for (const col of result.columns) {
    guarded(into, PARSER, col.site, 'column', () => {
      const columnId = emitColumn(ctx, into, col, index);
      addEdge(into, { type: 'HAS_COLUMN', from: gridId, to: columnId, props: { index } });
      const p = pathOf(ctx, col.site);
      if (p) depends.add(p);
      for (const { via, target } of renderersOf(col, registries)) {
        const rendererId = rendererNodeId(ctx, into, target);
        if (rendererId) linkRenderer(into, columnId, rendererId, via, target);
        if (target.kind === 'class') {
          const cp = pathOf(ctx, target.cls);
          if (cp) depends.add(cp);
        }
        if (target.kind === 'unresolved') report(ctx, into, col.site, `renderer ${target.name}: ${target.reason}`);
      }
    });
    index += 1;
  }
  for (const miss of result.unresolved) {
    const columnId = emitUnresolvedColumn(ctx, into, miss.node, miss.reason);
    addEdge(into, { type: 'HAS_COLUMN', from: gridId, to: columnId, props: { index: index++ } });
    report(ctx, into, miss.node, `column: ${miss.reason}`);
  }
  upsertNode(into, { id: gridId, labels: ['GridTable'], props: { columnCount: index } });
  // Registers the files the grid's facts were read from, so the pipeline re-extracts this file when one changes.
  for (const path of depends) if (path !== ctx.path) ctx.readRepoFile(path);
}

/**
 * ag-Grid tables: for each `<ag-grid-angular>` in a component's template, a GridTable (located in
 * the template, owned by the component's .ts) → HAS_COLUMN → ColumnDef → USES_RENDERER → renderer
 * (the component class Symbol, or a CellRenderer node for functions, built-ins and unresolved keys).
 * Renderer classes in the file get the `CellRenderer` label on their Symbol.
 */
export const agGridExtractor: Extractor = {
  name: PARSER,
  appliesTo: (path) => isTypeScriptSource(path) && !/\.(spec|test|cy)\.[cm]?tsx?$/.test(path),
  extract(ctx, into) {
    const mayHost = ctx.text.includes('templateUrl') || ctx.text.includes('ag-grid-angular') || /template\s*:\s*require\(/.test(ctx.text);
    const mayRenderer = ctx.text.includes('agInit') || ctx.text.includes('CellRenderer');
    if (!mayHost && !mayRenderer) return;
    const sf = sourceFileOf(ctx);
    if (!sf) return;
    if (mayRenderer) {
      for (const cls of sf.getClasses()) {
        guarded(into, PARSER, cls, 'renderer class', () => {
          const evidence = rendererEvidence(cls as ClassDeclaration);
          if (evidence) labelRendererClass(ctx, into, cls, evidence);
        });
      }
    }
    if (!mayHost) return;
    let hosts: GridHost[] = [];
    guarded(into, PARSER, undefined, 'grid templates', () => {
      hosts = gridHosts(ctx, sf);
    });
    const perClass = new Map<string, number>();
    for (const host of hosts) {
      const ordinal = perClass.get(host.className) ?? 0;
      perClass.set(host.className, ordinal + 1);
      guarded(into, PARSER, host.cls, `grid in ${host.className}`, () => extractGrid(ctx, into, host, ordinal));
    }
  },
};
