import { mkdirSync, mkdtempSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Bm25Baseline } from '../../../src/eval/bm25-baseline.js';
import { graphHistoryProblems, leakageProblems, packInputFor, type LeakageFacts } from '../../../src/eval/history/leakage.js';
import { isScratchDir, makeScratchDir, removeScratch } from '../../../src/eval/history/scratch.js';

const clean: LeakageFacts = { head: 'p', parent: 'p', sha: 's', shaReachableFromHead: false, refs: [], reflog: false, status: '' };

describe('leakage guard', () => {
  it('passes a scratch at the parent with no refs, no reflog and a clean tree', () => {
    expect(leakageProblems(clean)).toEqual([]);
  });

  it.each([
    ['HEAD elsewhere', { head: 'q' }, /not the task's parent/],
    ['the answer commit reachable from HEAD', { shaReachableFromHead: true }, /visible from HEAD/],
    ['HEAD at the answer commit itself', { head: 's', parent: 's' }, /visible from HEAD/],
    ['a ref left', { refs: ['refs/heads/main'] }, /has refs/],
    ['a reflog left', { reflog: true }, /reflog/],
    ['a dirty tree', { status: ' M src/a.ts' }, /differs from the parent/],
  ])('flags %s', (_name, change, message) => {
    const problems = leakageProblems({ ...clean, ...change });
    expect(problems.join('\n')).toMatch(message);
  });

  it('gives the systems the prompt and nothing else', () => {
    expect(packInputFor({ prompt: 'ABC-1: Fix it\n\nbody' })).toEqual({ prompt: 'ABC-1: Fix it\n\nbody', lexemes: [] });
  });
});

describe('scratch folder cleanup', () => {
  it('removes only folders it could have created', () => {
    const dir = makeScratchDir();
    writeFileSync(join(dir, 'x.txt'), 'x');
    expect(isScratchDir(dir)).toBe(true);
    removeScratch(dir);
    expect(existsSync(dir)).toBe(false);

    const other = mkdtempSync(join(tmpdir(), 'not-graphgate-'));
    expect(isScratchDir(other)).toBe(false);
    removeScratch(other);
    expect(existsSync(other)).toBe(true);
    rmSync(other, { recursive: true });
    expect(isScratchDir(join(makeScratchDirParent(), 'graphgate-eval-x', 'nested'))).toBe(false);
  });
});

function makeScratchDirParent(): string {
  const dir = makeScratchDir();
  rmSync(dir, { recursive: true });
  return join(dir, '..');
}

describe('BM25 baseline kept in sync across snapshots', () => {
  it('ranks like a fresh build after files change, appear and disappear, re-reading only changed files', async () => {
    const root = mkdtempSync(join(tmpdir(), 'gg-bm25-'));
    mkdirSync(join(root, 'src'));
    const write = (path: string, text: string) => writeFileSync(join(root, path), text);
    write('src/orders.ts', 'export class OrdersGrid { columns = ["order date", "total"]; }');
    write('src/customers.ts', 'export class CustomerList { filter = "customer name"; }');
    write('src/invoice.html', '<div>invoice total and order number</div>');
    const index = Bm25Baseline.empty();
    const first = await index.sync(root, [{ path: 'src/orders.ts', hash: '1' }, { path: 'src/customers.ts', hash: '1' }, { path: 'src/invoice.html', hash: '1' }]);
    expect(first).toMatchObject({ added: 3, changed: 0, removed: 0 });

    write('src/orders.ts', 'export class OrdersGrid { status = "shipped"; }');
    write('src/shipping.ts', 'export const shippingOrderTotal = "order total shipped";');
    const files = [{ path: 'src/orders.ts', hash: '2' }, { path: 'src/customers.ts', hash: '1' }, { path: 'src/shipping.ts', hash: '1' }];
    const second = await index.sync(root, files);
    expect(second).toMatchObject({ added: 1, changed: 1, removed: 1, unchanged: 1 });
    expect(index.size).toBe(3);

    const fresh = await Bm25Baseline.build(root, files.map((f) => f.path));
    for (const q of ['order total', 'shipped', 'customer name', 'invoice']) {
      expect(index.search(q, 25).files).toEqual(fresh.search(q, 25).files);
    }
    expect(index.search('invoice', 25).files).toEqual([]);
    rmSync(root, { recursive: true });
  });
});

describe('graph-side leakage guard', () => {
  it('accepts commits of the parent history only', () => {
    const visible = new Set(['p', 'a', 'b']);
    expect(graphHistoryProblems(['p', 'a'], visible, 's')).toEqual([]);
    expect(graphHistoryProblems([], visible, 's')).toEqual([]);
    expect(graphHistoryProblems(['p', 's'], visible, 's').join()).toMatch(/task's own commit s/);
    expect(graphHistoryProblems(['p', 'later1', 'later2'], visible, 's').join()).toMatch(/2 commit\(s\) outside the parent's history \(later1, later2\)/);
  });
});
