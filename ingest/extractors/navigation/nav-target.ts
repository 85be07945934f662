import type { FileFacts, PropValue } from '../../model/facts.js';
import { factId, ids } from '../../model/ids.js';
import { addEdge, addRef, upsertNode } from '../support/facts.js';

/** One piece of a navigation target: a literal path piece, or a value only known at run time. */
export type NavPiece = { literal: string } | { dynamic: string };

/** What a navigation expression was understood to mean. */
export interface NavTarget {
  /** Route path with run-time values as `:name` placeholders (`/orders/:id`), when resolved. */
  targetPath?: string;
  resolved: boolean;
  /** Why the target cannot be resolved statically (string-built URL, non-literal binding, …). */
  unresolvedReason?: string;
  /** A best-effort path for unresolved targets (`/orders/:param/edit`), for people, not for edges. */
  candidatePath?: string;
  relative?: boolean;
}

/** `:name` placeholder for a run-time value: the last identifier of the expression (`o.id` → `:id`). */
export function placeholder(expression: string): string {
  const names = expression.match(/[A-Za-z_$][\w$]*/g) ?? [];
  const last = names.filter((n) => n !== 'this' && n !== 'params' && n !== 'data').at(-1) ?? names.at(-1);
  return `:${last ?? 'param'}`;
}

/** Joins router commands (`['/orders', id, 'edit']`) into a path with placeholders. */
export function joinCommands(pieces: NavPiece[]): string {
  const parts: string[] = [];
  for (const piece of pieces) {
    if ('literal' in piece) parts.push(...piece.literal.split('/').filter((s) => s.length > 0));
    else parts.push(placeholder(piece.dynamic));
  }
  const first = pieces[0];
  const absolute = first !== undefined && 'literal' in first && first.literal.startsWith('/');
  return `${absolute ? '/' : ''}${parts.join('/')}`;
}

/** Drops query string and fragment from a literal URL. */
export function stripQuery(url: string): string {
  return url.split(/[?#]/)[0] ?? '';
}

/**
 * Interprets router commands. `absoluteByDefault` is true for `router.navigate` without `relativeTo`
 * (resolved from the root) and false for `routerLink` (relative to the current route unless it
 * starts with `/`).
 */
export function targetFromCommands(pieces: NavPiece[], absoluteByDefault: boolean): NavTarget {
  if (pieces.length === 0) return { resolved: false, unresolvedReason: 'empty commands' };
  const first = pieces[0];
  const joined = joinCommands(pieces);
  const startsAbsolute = first !== undefined && 'literal' in first && first.literal.startsWith('/');
  const hasParent = pieces.some((p) => 'literal' in p && /(^|\/)\.\.?(\/|$)/.test(p.literal));
  if (!('literal' in (first as NavPiece))) {
    return { resolved: false, unresolvedReason: 'first command is not a literal', candidatePath: joined };
  }
  if (startsAbsolute && !hasParent) return { resolved: true, targetPath: stripQuery(joined) };
  if (absoluteByDefault && !hasParent) return { resolved: true, targetPath: `/${stripQuery(joined)}` };
  return { resolved: false, relative: true, unresolvedReason: 'relative to the current route', candidatePath: stripQuery(joined) };
}

/** A literal URL string (`navigateByUrl('/orders')`, `routerLink="/orders"`). */
export function targetFromUrl(url: string, absoluteByDefault: boolean): NavTarget {
  return targetFromCommands([{ literal: url }], absoluteByDefault);
}

/** A URL assembled from strings and run-time values: never resolved, but kept with a candidate. */
export function stringBuiltTarget(pieces: NavPiece[]): NavTarget {
  const candidate = pieces.map((p) => ('literal' in p ? p.literal : placeholder(p.dynamic))).join('');
  return { resolved: false, unresolvedReason: 'string-built URL', candidatePath: stripQuery(candidate) };
}

export interface NavTriggerInput {
  repoId: string;
  path: string;
  line: number;
  col: number;
  endLine: number;
  kind: 'routerLink' | 'navigate' | 'navigateByUrl';
  expression: string;
  target: NavTarget;
  extra?: Record<string, PropValue>;
  /**
   * Distinguishes several triggers of one attribute (a `routerLink` inside a loop over a menu
   * array gets one per distinct value); part of the id.
   */
  variant?: string;
}

/**
 * Writes a NavTrigger node and, when its target resolved, a TARGETS reference to the route path
 * (the pipeline matches `:placeholders` against route parameters, preferring routes of the app
 * `input.path` belongs to). Returns the trigger id.
 */
export function emitNavTrigger(into: FileFacts, input: NavTriggerInput): string {
  const id = input.variant === undefined
    ? ids.navTrigger(input.repoId, input.path, input.line, input.col)
    : factId(input.repoId, 'nav', input.path, `${input.line}:${input.col}:${input.variant}`);
  const { target } = input;
  const props: Record<string, PropValue> = {
    kind: input.kind,
    path: input.path,
    startLine: input.line,
    endLine: input.endLine,
    expression: input.expression.length > 240 ? `${input.expression.slice(0, 239)}…` : input.expression,
    resolved: target.resolved,
    ...(input.extra ?? {}),
  };
  if (target.targetPath !== undefined) props.targetPath = target.targetPath;
  if (target.unresolvedReason !== undefined) props.unresolvedReason = target.unresolvedReason;
  if (target.candidatePath !== undefined) props.candidatePath = target.candidatePath;
  if (target.relative) props.relative = true;
  upsertNode(into, { id, labels: ['NavTrigger'], props });
  if (target.resolved && target.targetPath !== undefined) {
    addRef(into, { type: 'TARGETS', from: id, target: { kind: 'routePath', path: target.targetPath, from: input.path } });
  }
  return id;
}

/** Links a trigger to what fires it (a Usage, a class Symbol, a CellRenderer). */
export function linkTrigger(into: FileFacts, fromId: string, triggerId: string): void {
  addEdge(into, { type: 'TRIGGERS_NAV', from: fromId, to: triggerId });
}
