import type { ClassDeclaration, Node } from 'ts-morph';
import type { ExtractContext } from '../../model/extractor.js';
import type { FileFacts, PropValue } from '../../model/facts.js';
import { ids } from '../../model/ids.js';
import { addEdge, located, upsertNode } from '../support/facts.js';
import { repoPathOf } from '../support/source.js';
import { compact } from '../support/text.js';
import type { ColumnSite } from './column-eval.js';
import type { RendererTarget } from './renderer-resolve.js';
import { literalString } from './value-resolve.js';
import { endLine, startLine } from '../support/lines.js';

/** Repo-relative path of the file holding a node (undefined outside the repo). */
export function pathOf(ctx: ExtractContext, node: Node): string | undefined {
  return repoPathOf(ctx.root, node.getSourceFile().getFilePath());
}

/**
 * Columns and function renderers written in another file (a shared factory) get the grid's file in
 * their id, so each grid owns its own copy and per-file replacement never removes another's.
 */
function ownedName(ctx: ExtractContext, path: string, name: string): string {
  return path === ctx.path ? name : `${name}@${ctx.path}`;
}

/** Writes one ColumnDef and returns its id. */
export function emitColumn(ctx: ExtractContext, into: FileFacts, col: ColumnSite, index: number): string {
  const path = pathOf(ctx, col.site) ?? ctx.path;
  const str = (name: string): string | undefined => {
    const p = col.props.get(name);
    return p ? literalString(p.node, p.env) : undefined;
  };
  const field = str('field');
  const colId = str('colId');
  const headerName = str('headerName');
  const key = field ?? colId ?? headerName ?? `#${index}`;
  const line = startLine(col.site);
  const id = ids.column(ctx.repoId, path, line, ownedName(ctx, path, key));
  const props: Record<string, PropValue> = { path, startLine: line, endLine: endLine(col.site) };
  if (field !== undefined) props.field = field;
  if (colId !== undefined) props.colId = colId;
  if (headerName !== undefined) props.headerName = headerName;
  if (col.builder) props.builder = compact(col.builder, 120);
  if (col.groupHeader) props.groupHeader = col.groupHeader;
  if (field === undefined && col.props.has('field')) props.fieldExpression = compact(col.props.get('field')?.node.getText() ?? '', 120);
  if (col.props.has('valueGetter')) props.valueGetter = true;
  upsertNode(into, { id, labels: ['ColumnDef'], props });
  return id;
}

/** Writes a column that could not be followed (so the gap is visible in the graph). */
export function emitUnresolvedColumn(ctx: ExtractContext, into: FileFacts, node: Node, reason: string): string {
  const path = pathOf(ctx, node) ?? ctx.path;
  const line = startLine(node);
  const id = ids.column(ctx.repoId, path, line, ownedName(ctx, path, `?${node.getStart()}`));
  upsertNode(into, {
    id, labels: ['ColumnDef'],
    props: { path, startLine: line, endLine: endLine(node), expression: compact(node.getText(), 160), unresolvedReason: reason },
  });
  return id;
}

/**
 * The node a column's renderer edge points at. Component classes are the class Symbol itself (the
 * renderer's own file adds the `CellRenderer` label when it shows renderer evidence); functions,
 * built-ins and unresolved keys get a CellRenderer node owned by the grid's file.
 */
export function rendererNodeId(ctx: ExtractContext, into: FileFacts, target: RendererTarget): string | undefined {
  if (target.kind === 'class') {
    const path = pathOf(ctx, target.cls);
    return path ? ids.symbol(ctx.repoId, path, target.name) : emitRendererNode(ctx, into, ctx.path, `unresolved:${target.name}`, {
      name: target.name, kind: 'unresolved', unresolvedReason: 'renderer class declared outside the repository',
    });
  }
  if (target.kind === 'function') {
    const path = pathOf(ctx, target.node) ?? ctx.path;
    const line = startLine(target.node);
    return emitRendererNode(ctx, into, path, ownedName(ctx, path, `fn:${line}:${target.name}`), {
      name: target.name, kind: 'function', path, startLine: line, endLine: endLine(target.node),
      expression: compact(target.node.getText(), 160),
    });
  }
  if (target.kind === 'builtin') {
    return emitRendererNode(ctx, into, ctx.path, `builtin:${target.key}`, { name: target.key, kind: 'builtin' });
  }
  return emitRendererNode(ctx, into, ctx.path, `unresolved:${target.name}`, {
    name: target.name, kind: 'unresolved', unresolvedReason: target.reason, expression: target.expression,
  });
}

function emitRendererNode(ctx: ExtractContext, into: FileFacts, path: string, name: string, props: Record<string, PropValue>): string {
  const id = ids.renderer(ctx.repoId, path, name);
  upsertNode(into, { id, labels: ['CellRenderer'], props });
  return id;
}

/** Links a column to its renderer target. */
export function linkRenderer(into: FileFacts, columnId: string, rendererId: string, via: string, target: RendererTarget): void {
  const props: Record<string, PropValue> = { via };
  if (target.kind === 'class' && target.key) props.registryKey = target.key;
  if (target.kind === 'class') props.rendererClass = target.name;
  addEdge(into, { type: 'USES_RENDERER', from: columnId, to: rendererId, props });
}

/** Adds the CellRenderer label to a renderer class's own Symbol node (same file, so same owner). */
export function labelRendererClass(ctx: ExtractContext, into: FileFacts, cls: ClassDeclaration, evidence: string): void {
  const name = cls.getName();
  if (!name) return;
  upsertNode(into, { id: ids.symbol(ctx.repoId, ctx.path, name), labels: ['Symbol', 'CellRenderer'], props: { name, ...located(ctx.path, cls), rendererEvidence: evidence } });
}
