import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJunitXml } from '../../../src/execution/gates/junit-report.parser.js';
import { parseLcov } from '../../../src/execution/gates/lcov-report.parser.js';

const sample = (name: string) => readFileSync(join(import.meta.dirname, '../../fixtures/execution', name), 'utf8');

describe('parseJunitXml', () => {
  it('counts a vitest report from its test cases, decoding entities in names and messages', () => {
    const s = parseJunitXml(sample('junit-vitest.xml'));
    expect(s).toMatchObject({ tests: 4, failures: 1, errors: 0, skipped: 1, timeSeconds: 0.512 });
    expect(s.failed).toEqual([{
      suite: 'src/app/orders/orders-list.component.spec.ts', classname: 'src/app/orders/orders-list.component.spec.ts',
      name: 'OrdersListComponent > puts "Order total" after status', kind: 'failure',
      message: "expected [ 'status', 'id' ] to deeply equal [ 'status', 'total' ]",
    }]);
  });

  it('reads a Surefire report with an error, CDATA and a commented-out case', () => {
    const s = parseJunitXml(sample('junit-surefire.xml'));
    expect(s).toMatchObject({ tests: 3, failures: 0, errors: 1, skipped: 0, timeSeconds: 1.25 });
    expect(s.failed[0]).toMatchObject({ name: 'loadsFromDb', kind: 'error', message: 'Connection refused', suite: 'com.example.OrderServiceTest' });
  });

  it('returns zero counts for garbage and never throws', () => {
    expect(parseJunitXml('<not xml <<< "')).toMatchObject({ tests: 0, failures: 0, failed: [] });
    expect(parseJunitXml('')).toMatchObject({ tests: 0 });
  });
});

describe('parseLcov', () => {
  it('uses summary lines when present and counts records otherwise', () => {
    const s = parseLcov(sample('lcov.info'));
    expect(s.files).toEqual([
      { file: 'src/app/orders/orders-list.component.ts', linesFound: 4, linesHit: 2, branchesFound: 2, branchesHit: 1, functionsFound: 2, functionsHit: 1 },
      { file: 'src/app/orders/orders.service.ts', linesFound: 3, linesHit: 2, branchesFound: 1, branchesHit: 0, functionsFound: 1, functionsHit: 1 },
    ]);
    expect(s.totals).toMatchObject({ linesFound: 7, linesHit: 4, linePercent: 57.14, branchPercent: 33.33, functionPercent: 66.67 });
  });

  it('reports null percentages for an empty tracefile', () => {
    expect(parseLcov('').totals).toMatchObject({ linesFound: 0, linePercent: null });
  });
});
