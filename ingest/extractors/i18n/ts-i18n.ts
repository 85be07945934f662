import { ts } from 'ts-morph';
import { unwrapTs } from '../support/compiler.js';
import { isExplicitKey, isLooseKey, isUiProperty, NOT_KEY_PROPERTIES, type LiteralContext } from './key-shape.js';
import type { KeyUse } from './usage-facts.js';

/**
 * Translation-key uses in TypeScript, found on the raw compiler AST (one walk, no ts-morph wrappers):
 * - calls that translate: `translate.instant('K')`, `translate.get/stream('K' | ['K1', 'K2'])` (the
 *   receiver must be named like a translate service), `translocoService.translate/selectTranslate('K')`,
 *   `translate('K')`, `marker('K')`, `_('K')`;
 * - `$localize` with a custom id (`$localize\`:@@welcome:Hello\`` → `welcome`);
 * - bare literals shaped like keys (key-shape.ts): menu arrays, constants, class fields.
 */

/** Methods that translate their first argument, and whether the receiver must look like a translate service. */
const METHODS: ReadonlyMap<string, boolean> = new Map([
  ['instant', false], ['get', true], ['stream', true], ['translate', true], ['selectTranslate', true],
  ['translateObject', true], ['selectTranslateObject', true],
]);
const FUNCTIONS = new Set(['marker', '_', 'translate', 'translocoMarker']);
const SERVICE_NAME = /transl|i18n|locali[sz]/i;

/** String literals an argument can be: `'K'`, `['K1', 'K2']`, `ok ? 'A' : 'B'`. */
function literalNodes(node: ts.Node | undefined): ts.StringLiteralLike[] {
  if (!node) return [];
  const e = unwrapTs(node);
  if (ts.isStringLiteralLike(e)) return [e];
  if (ts.isArrayLiteralExpression(e)) return e.elements.flatMap((x) => literalNodes(x));
  if (ts.isConditionalExpression(e)) return [...literalNodes(e.whenTrue), ...literalNodes(e.whenFalse)];
  return [];
}

/** The last name of a receiver expression: `this.translate` → `translate`, `svc` → `svc`. */
function receiverName(node: ts.Expression): string | undefined {
  const e = unwrapTs(node);
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return undefined;
}

/** `how` of a call that translates its first argument, or undefined. */
function translatingCall(call: ts.CallExpression): string | undefined {
  const callee = unwrapTs(call.expression);
  if (ts.isIdentifier(callee)) return FUNCTIONS.has(callee.text) ? `call:${callee.text}` : undefined;
  if (!ts.isPropertyAccessExpression(callee)) return undefined;
  const method = callee.name.text;
  const needsService = METHODS.get(method);
  if (needsService === undefined) return undefined;
  if (needsService && !SERVICE_NAME.test(receiverName(callee.expression) ?? '')) return undefined;
  return `call:${method}`;
}

/** Where a bare literal sits, or undefined when that place never holds a key. */
function literalContext(node: ts.StringLiteralLike): LiteralContext | undefined {
  const parent = node.parent;
  if (ts.isPropertyAssignment(parent) && parent.initializer === node) {
    const name = ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name) ? parent.name.text : '';
    if (NOT_KEY_PROPERTIES.has(name)) return undefined;
    return isUiProperty(name) ? 'ui-property' : 'declaration';
  }
  if ((ts.isPropertyDeclaration(parent) || ts.isVariableDeclaration(parent)) && parent.initializer === node) {
    return parent.name && ts.isIdentifier(parent.name) && isUiProperty(parent.name.text) ? 'ui-property' : 'declaration';
  }
  if (ts.isArrayLiteralExpression(parent) || ts.isReturnStatement(parent) || ts.isEnumMember(parent) || ts.isConditionalExpression(parent)) return 'declaration';
  if (ts.isCallExpression(parent) && parent.arguments.includes(node as ts.Expression)) return 'argument';
  return undefined;
}

/** The custom id of a `$localize` message: `:meaning|description@@custom-id:text`. */
function localizeId(node: ts.TaggedTemplateExpression): string | undefined {
  const tpl = node.template;
  const head = ts.isNoSubstitutionTemplateLiteral(tpl) ? tpl.text : tpl.head.text;
  return /^:[^:]*?@@([^:\s]+):/.exec(head)?.[1];
}

// Read once: `ts` is a namespace of getters, and this walk visits every node of every TypeScript file.
const { isImportDeclaration, isExportDeclaration, isTypeNode, isCallExpression, isTaggedTemplateExpression, isStringLiteralLike, forEachChild } = ts;

export function tsKeyUses(sf: ts.SourceFile): KeyUse[] {
  const uses: KeyUse[] = [];
  const consumed = new Set<ts.Node>();
  const lineOf = (node: ts.Node): number => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const visit = (node: ts.Node): void => {
    if (isImportDeclaration(node) || isExportDeclaration(node) || isTypeNode(node)) return;
    if (isCallExpression(node)) {
      const via = translatingCall(node);
      if (via) {
        for (const lit of literalNodes(node.arguments[0])) {
          consumed.add(lit);
          if (isExplicitKey(lit.text)) uses.push({ key: lit.text, line: lineOf(lit), via });
        }
      }
    } else if (isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === '$localize') {
      const id = localizeId(node);
      if (id) uses.push({ key: id, line: lineOf(node), via: '$localize' });
    } else if (isStringLiteralLike(node) && !consumed.has(node)) {
      const context = literalContext(node);
      if (context && isLooseKey(node.text, context)) uses.push({ key: node.text, line: lineOf(node), via: 'literal' });
    }
    forEachChild(node, visit);
  };
  visit(sf);
  return uses;
}
