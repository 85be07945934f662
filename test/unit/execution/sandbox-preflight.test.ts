import { describe, expect, it } from 'vitest';
import { preflightSandboxCode, type PreflightProblem } from '../../../src/execution/sandbox/sandbox-preflight.js';
import { checkSandboxReturn, placeholderPaths, returnShapeSchema } from '../../../src/execution/sandbox/sandbox-return.js';

const kinds = (code: string, inputs: string[] = ['files']) => [...new Set(preflightSandboxCode(code, inputs).map((p) => p.kind))];

describe('preflightSandboxCode', () => {
  it.each([
    ['(async () => { const rows = inputs.files.map((f) => f.length); return { total: rows.reduce((a, b) => a + b, 0) }; })()'],
    ['(async function () { let n = 0; for (const f of inputs.files) { n += pack.read(f).split("\\n").length; } return n; })();'],
    ['(async () => { const { a, b: [c] } = { a: 1, b: [2] }; label: for (;;) { break label; } class K { m() { return Math.max(a, c); } } return new K().m(); })()'],
    ["(async () => JSON.stringify(inputs['files']))()"],
  ])('accepts %s', (code) => {
    expect(preflightSandboxCode(code, ['files'])).toEqual([]);
  });

  const refused: Array<[string, string, PreflightProblem['kind']]> = [
    ['a statement list', 'const x = 1; x', 'not_async_iife'],
    ['a sync IIFE', '(() => 1)()', 'not_async_iife'],
    ['an IIFE with parameters', '(async (x) => x)(1)', 'not_async_iife'],
    ['a syntax error', '(async () => { return ; )()', 'syntax'],
    ['require', "(async () => require('child_process'))()", 'undeclared_identifier'],
    ['process', '(async () => process.env)()', 'undeclared_identifier'],
    ['globalThis', '(async () => globalThis.fetch)()', 'undeclared_identifier'],
    ['fetch', "(async () => fetch('http://x'))()", 'undeclared_identifier'],
    ['eval', "(async () => eval('1'))()", 'undeclared_identifier'],
    ['dynamic import', "(async () => import('node:child_process'))()", 'dynamic_import'],
    ['a constructor escape', "(async () => (() => 1).constructor('return this')())()", 'forbidden_property'],
    ['a bracket constructor escape', "(async () => (() => 1)['constructor']('return this')())()", 'forbidden_property'],
    ['an undeclared input', '(async () => inputs.secret)()', 'undeclared_input'],
    ['a computed input name', '(async () => { const k = "secret"; return inputs[k]; })()', 'undeclared_input'],
    ['a shorthand property of a free name', '(async () => ({ process }))()', 'undeclared_identifier'],
  ];
  it.each(refused)('refuses %s', (_n, code, kind) => {
    expect(kinds(code)).toContain(kind);
  });
});

describe('declared return shapes', () => {
  it('validates the declaration itself (strict, bounded depth)', () => {
    expect(returnShapeSchema.safeParse({ type: 'object', properties: { a: { type: 'array', items: { type: 'string' } } } }).success).toBe(true);
    expect(returnShapeSchema.safeParse({ type: 'function' }).success).toBe(false);
    expect(returnShapeSchema.safeParse({ type: 'string', pattern: '.*' }).success).toBe(false);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 8; i += 1) deep = { type: 'array', items: deep };
    expect(returnShapeSchema.safeParse(deep).success).toBe(false);
  });

  it('finds placeholders anywhere in a value', () => {
    expect(placeholderPaths({ a: 'real', b: ['x', 'TBD'], c: { d: null } })).toEqual(['$.b[1]', '$.c.d']);
    expect(placeholderPaths({ a: 'done', n: 0, ok: false })).toEqual([]);
  });

  it('reports mismatches with JSON paths', () => {
    expect(checkSandboxReturn({ a: [1] }, { type: 'object', properties: { a: { type: 'array', items: { type: 'string' } } } })).toEqual([expect.stringMatching(/^\$\.a\[0\]: /)]);
  });
});
