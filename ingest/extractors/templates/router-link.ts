import { Binary, LiteralArray, LiteralMap, LiteralPrimitive, TemplateLiteral, type AST } from '@angular/compiler';
import { stringBuiltTarget, targetFromCommands, targetFromUrl, type NavPiece, type NavTarget } from '../navigation/nav-target.js';
import { exprAst, exprSource, type TemplateElement } from './template-walk.js';

/** A `routerLink` found on an element, with its 1-based position and interpreted target. */
export interface RouterLinkFound {
  line: number;
  col: number;
  endLine: number;
  expression: string;
  target: NavTarget;
  /** The bound expression (`[routerLink]="item.link"`), for loop-driven links. */
  ast?: AST;
}

function sliceOf(source: string, ast: AST): string {
  return source.slice(ast.span.start, ast.span.end);
}

function stringPieces(ast: AST, source: string): NavPiece[] | undefined {
  if (ast instanceof LiteralPrimitive) return typeof ast.value === 'string' ? [{ literal: ast.value }] : undefined;
  if (ast instanceof Binary && ast.operation === '+') {
    const left = stringPieces(ast.left, source) ?? [{ dynamic: sliceOf(source, ast.left) }];
    const right = stringPieces(ast.right, source) ?? [{ dynamic: sliceOf(source, ast.right) }];
    return [...left, ...right];
  }
  if (ast instanceof TemplateLiteral) {
    const pieces: NavPiece[] = [];
    ast.elements.forEach((el, i) => {
      if (el.text) pieces.push({ literal: el.text });
      const expr = ast.expressions[i];
      if (expr) pieces.push({ dynamic: sliceOf(source, expr) });
    });
    return pieces;
  }
  return undefined;
}

function boundTarget(ast: AST, source: string): NavTarget {
  if (ast instanceof LiteralArray) {
    const pieces: NavPiece[] = [];
    for (const el of ast.expressions) {
      if (el instanceof LiteralPrimitive && (typeof el.value === 'string' || typeof el.value === 'number')) {
        pieces.push({ literal: String(el.value) });
      } else if (el instanceof LiteralMap) {
        return { resolved: false, unresolvedReason: 'outlet or matrix-parameter commands' };
      } else pieces.push({ dynamic: sliceOf(source, el) });
    }
    return targetFromCommands(pieces, false);
  }
  const pieces = stringPieces(ast, source);
  const only = pieces?.[0];
  if (pieces && pieces.length === 1 && only && 'literal' in only) return targetFromUrl(only.literal, false);
  if (pieces) return stringBuiltTarget(pieces);
  return { resolved: false, unresolvedReason: 'non-literal routerLink binding' };
}

/** The `routerLink` (static or bound) of a template element, if it has one. */
export function routerLinkOf(el: TemplateElement): RouterLinkFound | undefined {
  const attr = el.attributes.find((a) => a.name === 'routerLink');
  if (attr) {
    const start = attr.sourceSpan.start;
    const target = attr.value ? targetFromUrl(attr.value, false) : { resolved: false, unresolvedReason: 'empty routerLink' };
    return { line: start.line + 1, col: start.col + 1, endLine: attr.sourceSpan.end.line + 1, expression: attr.value, target };
  }
  const input = el.inputs.find((i) => i.name === 'routerLink');
  if (!input) return undefined;
  const start = input.sourceSpan.start;
  const source = exprSource(input.value);
  return {
    line: start.line + 1, col: start.col + 1, endLine: input.sourceSpan.end.line + 1,
    expression: source, target: boundTarget(exprAst(input.value), source), ast: exprAst(input.value),
  };
}
