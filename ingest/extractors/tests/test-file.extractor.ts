import { posix } from 'node:path';
import { ts } from 'ts-morph';
import type { ExtractContext, Extractor } from '../../model/extractor.js';
import type { FileFacts, PropValue } from '../../model/facts.js';
import { ids } from '../../model/ids.js';
import { lexText } from '../../../src/text/lex-text.js';
import { addEdge, addRef, guarded, upsertNode } from '../support/facts.js';
import { repoPathOf, sourceFileOf } from '../support/source.js';
import { moduleOf } from '../support/syntax-resolve.js';
import { lineAt } from '../support/lines.js';
import { forEachCall, tsStringValue } from '../support/compiler.js';

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

const DESCRIBE_CALL = /^(describe|context|suite|fdescribe|xdescribe|test\.describe)(\.(only|skip|each))?$/;

/**
 * One walk over the compiler's tree (no ts-morph wrappers: a spec file is mostly calls, and wrapping
 * each one cost a large repository's test extraction seconds): `describe('X', …)` titles outermost
 * first, relative `require('…')` specifiers and `cy.visit('/…')` targets, in source order.
 */
function scanCalls(sf: ts.SourceFile): { describes: Array<{ title: string; line: number }>; requires: string[]; visits: string[] } {
  const describes: Array<{ title: string; line: number }> = [];
  const requires: string[] = [];
  const visits = new Set<string>();
  forEachCall(sf, (call) => {
    const callee = call.expression.getText(sf);
    const first = tsStringValue(call.arguments[0]);
    if (describes.length < MAX_DESCRIBES && DESCRIBE_CALL.test(callee) && first !== undefined) describes.push({ title: first, line: lineAt(sf, call.getStart(sf)) });
    if (callee === 'require' && first?.startsWith('.')) requires.push(first);
    if (callee === 'cy.visit' && first?.startsWith('/')) visits.add(first.split(/[?#]/)[0] as string);
  });
  return { describes, requires, visits: [...visits] };
}

/** Repo paths of relative imports (the files under test), through the compiler's resolution when possible. */
function importedFiles(ctx: ExtractContext, sf: ts.SourceFile, requires: string[]): string[] {
  const out = new Set<string>();
  for (const statement of sf.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const spec = statement.moduleSpecifier.text;
    const resolved = moduleOf(ctx, sf, spec).abs;
    const path = resolved ? repoPathOf(ctx.root, resolved) : undefined;
    if (path) out.add(path);
    else if (spec.startsWith('.')) out.add(posix.normalize(posix.join(posix.dirname(ctx.path), spec)));
  }
  for (const spec of requires) out.add(posix.normalize(posix.join(posix.dirname(ctx.path), spec)));
  return [...out];
}

interface TestInfo {
  describes: Array<{ title: string; line: number }>;
  imports: string[];
  visits: string[];
  endLine: number;
}

/** A parsed spec's facts. */
function scanSource(ctx: ExtractContext, sf: ts.SourceFile): TestInfo {
  const { describes, requires, visits } = scanCalls(sf);
  return { describes, imports: importedFiles(ctx, sf, requires), visits, endLine: lineAt(sf, sf.getEnd()) };
}

/** Without a ts-morph file (plain JS specs): the same facts read with patterns. */
function scanText(ctx: ExtractContext): TestInfo {
  const lineOfIndex = (index: number): number => ctx.text.slice(0, index).split('\n').length;
  const describes = [...ctx.text.matchAll(/\b(?:describe|context|suite)(?:\.\w+)?\s*\(\s*(['"`])((?:(?!\1).){1,200})\1/g)]
    .slice(0, MAX_DESCRIBES).map((m) => ({ title: m[2] as string, line: lineOfIndex(m.index ?? 0) }));
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
      const sf = sourceFileOf(ctx)?.compilerNode;
      emit(ctx, into, sf ? scanSource(ctx, sf) : scanText(ctx));
    });
  },
};
