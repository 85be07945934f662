import { beforeAll, describe, expect, it } from 'vitest';
import { testFileExtractor } from '../../../ingest/extractors/tests/index.js';
import { testFramework } from '../../../ingest/extractors/tests/test-file.extractor.js';
import { ids } from '../../../ingest/model/ids.js';
import { loadWorkspace, memoryWorkspace, REPO_ID, type Workspace } from '../../support/extract-fixture.js';

const ORDERS = 'projects/host/src/app/orders';
const SERVICE_SPEC = `${ORDERS}/orders.service.spec.ts`;
const LIST_SPEC = `${ORDERS}/orders-list/orders-list.component.spec.ts`;
const CYPRESS = 'cypress/e2e/orders.cy.ts';

let ws: Workspace;
beforeAll(() => {
  ws = loadWorkspace();
});

describe('tests extractor', () => {
  it('emits a Test per spec with framework and describes, covering imported files and the described class', () => {
    const facts = ws.extract(SERVICE_SPEC, [testFileExtractor]);
    const id = ids.test(REPO_ID, SERVICE_SPEC);
    expect(facts.nodes).toEqual([{
      id, labels: ['Test'], searchText: expect.stringContaining('orders service spec'),
      props: { name: 'OrdersService', path: SERVICE_SPEC, framework: 'jasmine', startLine: 1, endLine: 21, describes: ['OrdersService'], itCount: 1 },
    }]);
    expect(facts.edges).toEqual([{ type: 'DEFINES', from: ids.file(REPO_ID, SERVICE_SPEC), to: id }]);
    expect(facts.refs).toEqual([
      { type: 'COVERS', from: id, target: { kind: 'file', path: `${ORDERS}/orders.service.ts` }, props: { via: 'import' } },
      { type: 'COVERS', from: id, target: { kind: 'symbol', name: 'OrdersService' }, props: { via: 'describe', line: 6 } },
    ]);
  });

  it('lists nested describes and every relative import of a component spec', () => {
    const facts = ws.extract(LIST_SPEC, [testFileExtractor]);
    expect(facts.nodes[0]?.props).toMatchObject({ name: 'OrdersListComponent', describes: ['OrdersListComponent', 'audit grid'], itCount: 2 });
    expect(facts.refs.map((r) => r.target)).toEqual([
      { kind: 'file', path: `${ORDERS}/orders-list/orders-list.component.ts` }, { kind: 'file', path: `${ORDERS}/orders.service.ts` },
      { kind: 'symbol', name: 'OrdersListComponent' },
    ]);
  });

  it('recognises Cypress specs and covers the routes they visit', () => {
    const facts = ws.extract(CYPRESS, [testFileExtractor]);
    expect(facts.nodes[0]?.props).toMatchObject({ framework: 'cypress', describes: ['Orders'], itCount: 2 });
    expect(facts.refs.map((r) => r.target)).toEqual([{ kind: 'routePath', path: '/orders' }, { kind: 'routePath', path: '/dashboard' }]);
  });

  it('reads a TypeScript spec in source order: imports then require() files, 40 describe titles at most, literal cy.visit targets', () => {
    const text = [
      "import { A } from './a';",
      "const helper = require('./helper');",
      ...Array.from({ length: 45 }, (_, i) => `describe(('Suite${i}' as string), () => { it('x', () => {}); });`),
      "cy.visit(`/plain?x=1`); cy.visit(base + '/dynamic'); cy.visit('/plain');",
    ].join('\n');
    const facts = memoryWorkspace({ 'app/x.spec.ts': text }).extract('app/x.spec.ts', [testFileExtractor]);
    const describes = facts.nodes[0]?.props.describes as string[];
    expect([describes.length, describes[0], describes[39]]).toEqual([40, 'Suite0', 'Suite39']);
    expect(facts.refs.map((r) => r.target)).toEqual([{ kind: 'file', path: 'app/a' }, { kind: 'file', path: 'app/helper' }, { kind: 'routePath', path: '/plain' }]);
  });

  it('reads plain JS specs without a ts-morph file and tells frameworks apart', () => {
    const js = "const { Orders } = require('../src/orders');\ndescribe('OrdersStore', () => { it('x', () => {}); });\ncy.visit('/a?b=1');";
    const ws2 = memoryWorkspace({ 'cypress/e2e/a.js': js });
    const f2 = ws2.extract('cypress/e2e/a.js', [testFileExtractor]);
    expect(f2.nodes[0]?.props).toMatchObject({ framework: 'cypress', describes: ['OrdersStore'], endLine: 3 });
    expect(f2.refs.map((r) => r.target)).toEqual([{ kind: 'file', path: 'cypress/src/orders' }, { kind: 'symbol', name: 'OrdersStore' }, { kind: 'routePath', path: '/a' }]);
    expect(['x.spec.ts', 'y.test.ts'].map((p, i) => testFramework(p, i ? "import { it } from 'vitest'" : 'jest.fn()'))).toEqual(['jest', 'vitest']);
  });
});
