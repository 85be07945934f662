import { posix } from 'node:path';
import { Node, SyntaxKind, ts, type SourceFile } from 'ts-morph';
import type { ExtractContext, Extractor } from '../../model/extractor.js';
import type { FileFacts, PropValue } from '../../model/facts.js';
import { ids } from '../../model/ids.js';
import { lexText } from '../../../src/text/lex-text.js';
import { addEdge, addRef, guarded, upsertNode } from '../support/facts.js';
import { repoPathOf, sourceFileOf } from '../support/source.js';
import { stringValue } from '../support/text.js';
import { moduleOf } from '../support/syntax-resolve.js';
import { endLine, startLine } from '../support/lines.js';

const PARSER = 'tests';
const TEST_FILE = /\.(spec|test|cy|e2e-spec|e2e)\.[cm]?[jt]sx?$/;
const CYPRESS_DIR = /(^|\/)cypress\/(e2e|integration|component)\/.*\.[cm]?[jt]sx?$/;
const MAX_DESCRIBES = 40;

/** Which framework a test file is written for, from its path and text. */
export function testFramework(path: string, text: string): string {
  if (/\.cy\.[cm]?[jt]sx?$/.test(path) || CYPRESS_DIR.test(path) || /\bcy\.(visit|get|intercept)\(/.test(text)) return 'cypress';
  if (/@playwright\/test/.test(text)) return 'playwright';
  if (/from ['"]vitest['"]/.test(text)) return 'vitest';
  if (/\bjest\.(fn|mock|spyOn)\b|@jest\//.test(text)) return 'jest';
  if (/\bTestBed\b|\bjasmine\.|\bspyOn\(/.test(text)) return 'jasmine';
  return 'unknown';
}

function callName(node: Node): string | undefined {
  if (!Node.isCallExpression(node)) return undefined;
  const callee = node.getExpression();
  const text = callee.getText();
  return /^(describe|context|suite|fdescribe|xdescribe|test\.describe)(\.(only|skip|each))?$/.test(text) ? text : undefined;
}

/** `describe('X', …)` titles, outermost first. */
function describeTitles(sf: SourceFile): Array<{ title: string; line: number }> {
  const out: Array<{ title: string; line: number }> = [];
  for (const call of sf.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    if (!callName(call)) continue;
    const title = stringValue(call.getArguments()[0]);
    if (title !== undefined) out.push({ title, line: startLine(call) });
    if (out.length >= MAX_DESCRIBES) break;
  }
  return out;
}

/** Repo paths of relative imports (the files under test), through the compiler's resolution when possible. */
function importedFiles(ctx: ExtractContext, sf: SourceFile): string[] {
  const out = new Set<string>();
  for (const imp of sf.getImportDeclarations()) {
    const raw = imp.compilerNode.moduleSpecifier;
    const spec = ts.isStringLiteral(raw) ? raw.text : undefined;
    if (spec === undefined) continue;
    const resolved = moduleOf(ctx, sf.compilerNode, spec).abs;
    const path = resolved ? repoPathOf(ctx.root, resolved) : undefined;
    if (path) out.add(path);
    else if (spec.startsWith('.')) out.add(posix.normalize(posix.join(posix.dirname(ctx.path), spec)));
  }
  for (const call of sf.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const spec = call.getExpression().getText() === 'require' ? stringValue(call.getArguments()[0]) : undefined;
    if (spec?.startsWith('.')) out.add(posix.normalize(posix.join(posix.dirname(ctx.path), spec)));
  }
  return [...out];
}

/** `cy.visit('/orders')` targets of a Cypress spec. */
function visitedRoutes(sf: SourceFile): string[] {
  const out = new Set<string>();
  for (const call of sf.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    if (!/^cy\.visit$/.test(call.getExpression().getText())) continue;
    const url = stringValue(call.getArguments()[0]);
    if (url?.startsWith('/')) out.add(url.split(/[?#]/)[0] as string);
  }
  return [...out];
}

interface TestInfo {
  describes: Array<{ title: string; line: number }>;
  imports: string[];
  visits: string[];
  endLine: number;
}

/** Without a ts-morph file (plain JS specs): the same facts read with patterns. */
function scanText(ctx: ExtractContext): TestInfo {
  const lineAt = (index: number): number => ctx.text.slice(0, index).split('\n').length;
  const describes = [...ctx.text.matchAll(/\b(?:describe|context|suite)(?:\.\w+)?\s*\(\s*(['"`])((?:(?!\1).){1,200})\1/g)]
    .slice(0, MAX_DESCRIBES).map((m) => ({ title: m[2] as string, line: lineAt(m.index ?? 0) }));
  const imports = [...ctx.text.matchAll(/(?:from\s+|require\(\s*|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)]
    .map((m) => posix.normalize(posix.join(posix.dirname(ctx.path), m[1] as string)));
  const visits = [...ctx.text.matchAll(/\bcy\.visit\(\s*['"`](\/[^'"`?#]*)/g)].map((m) => m[1] as string);
  return { describes, imports: [...new Set(imports)], visits: [...new Set(visits)], endLine: ctx.text.split('\n').length };
}

function emit(ctx: ExtractContext, into: FileFacts, info: TestInfo): void {
  const { describes } = info;
  const id = ids.test(ctx.repoId, ctx.path);
  const props: Record<string, PropValue> = {
    name: describes[0]?.title ?? posix.basename(ctx.path), path: ctx.path, framework: testFramework(ctx.path, ctx.text),
    startLine: 1, endLine: info.endLine, describes: describes.map((d) => d.title),
    itCount: (ctx.text.match(/\b(it|test)(\.only|\.skip)?\s*\(/g) ?? []).length,
  };
  upsertNode(into, { id, labels: ['Test'], props, searchText: lexText(ctx.path, ...describes.map((d) => d.title)) });
  addEdge(into, { type: 'DEFINES', from: ids.file(ctx.repoId, ctx.path), to: id });
  for (const path of info.imports) addRef(into, { type: 'COVERS', from: id, target: { kind: 'file', path }, props: { via: 'import' } });
  for (const d of describes) {
    const name = d.title.trim().split(/\s+/)[0] ?? '';
    if (/^[A-Z][a-z0-9_$]+(?:[A-Z][A-Za-z0-9_$]*)+$/.test(name)) addRef(into, { type: 'COVERS', from: id, target: { kind: 'symbol', name }, props: { via: 'describe', line: d.line } });
  }
  for (const route of info.visits) addRef(into, { type: 'COVERS', from: id, target: { kind: 'routePath', path: route }, props: { via: 'cy.visit' } });
}

/**
 * Test files (`*.spec.ts`, `*.test.ts`, Cypress `*.cy.ts` and `cypress/e2e/**`) → Test {path,
 * framework, describes} with heuristic COVERS references: imported files, `describe` titles that
 * look like class names (`OrdersService`, two or more humps) as symbol names, and routes visited
 * by Cypress.
 */
export const testFileExtractor: Extractor = {
  name: PARSER,
  appliesTo: (path) => (TEST_FILE.test(path) || CYPRESS_DIR.test(path)) && !/\.d\.ts$/.test(path),
  extract(ctx, into) {
    guarded(into, PARSER, undefined, 'test file', () => {
      const sf = sourceFileOf(ctx);
      const info = sf
        ? { describes: describeTitles(sf), imports: importedFiles(ctx, sf), visits: visitedRoutes(sf), endLine: endLine(sf) }
        : scanText(ctx);
      emit(ctx, into, info);
    });
  },
};
