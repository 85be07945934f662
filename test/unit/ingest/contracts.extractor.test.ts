import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractsExtractor } from '../../../ingest/extractors/contracts/index.js';
import { kebab } from '../../../ingest/extractors/contracts/stencil-contracts.js';
import type { FileFacts } from '../../../ingest/model/facts.js';
import { ids } from '../../../ingest/model/ids.js';
import { validateFacts } from '../../../ingest/write/validate-facts.js';
import { loadWorkspace, memoryWorkspace, REPO_ID } from '../../support/extract-fixture.js';

const DTS = 'libs/sdf/components.d.ts';

describe('contracts extractor: a Stencil components.d.ts', () => {
  let facts: FileFacts;
  beforeAll(() => {
    facts = loadWorkspace().extract(DTS, [contractsExtractor]);
  });

  it('emits one ContractComponent per Components interface, tagged from HTMLElementTagNameMap', () => {
    expect(facts.nodes.filter((n) => n.labels[0] === 'ContractComponent').map((n) => [n.id, n.props, n.searchText])).toEqual([
      [ids.contract(REPO_ID, 'sdf-button'), { tag: 'sdf-button', name: 'SdfButton', interfaceName: 'SdfButton', path: DTS, startLine: 11, endLine: 18, propCount: 3, eventCount: 1 }, 'sdf-button sdf button sdfbutton'],
      [ids.contract(REPO_ID, 'sdf-table'), { tag: 'sdf-table', name: 'SdfTable', interfaceName: 'SdfTable', path: DTS, startLine: 19, endLine: 27, propCount: 4, eventCount: 2 }, 'sdf-table sdf table sdftable'],
    ]);
  });

  it('emits props with type text, required flag, doc and methods marked as such', () => {
    expect(facts.nodes.filter((n) => n.labels[0] === 'Prop').map((n) => [n.id, n.props])).toEqual([
      [ids.prop(REPO_ID, 'sdf-button', 'disabled'), { name: 'disabled', tag: 'sdf-button', typeText: 'boolean', required: true, kind: 'prop', path: DTS, startLine: 15, endLine: 15, doc: 'Disables the button.' }],
      [ids.prop(REPO_ID, 'sdf-button', 'size'), { name: 'size', tag: 'sdf-button', typeText: "'small' | 'medium' | 'large'", required: false, kind: 'prop', path: DTS, startLine: 16, endLine: 16 }],
      [ids.prop(REPO_ID, 'sdf-button', 'variant'), { name: 'variant', tag: 'sdf-button', typeText: "'primary' | 'secondary' | 'danger'", required: true, kind: 'prop', path: DTS, startLine: 17, endLine: 17 }],
      [ids.prop(REPO_ID, 'sdf-table', 'columns'), { name: 'columns', tag: 'sdf-table', typeText: 'SdfTableColumn[]', required: true, kind: 'prop', path: DTS, startLine: 20, endLine: 20 }],
      [ids.prop(REPO_ID, 'sdf-table', 'rows'), { name: 'rows', tag: 'sdf-table', typeText: 'SdfTableRow[]', required: true, kind: 'prop', path: DTS, startLine: 21, endLine: 21 }],
      [ids.prop(REPO_ID, 'sdf-table', 'setFocus'), { name: 'setFocus', tag: 'sdf-table', typeText: '() => Promise<void>', required: true, kind: 'method', path: DTS, startLine: 25, endLine: 25, doc: 'Moves keyboard focus to the first row.' }],
      [ids.prop(REPO_ID, 'sdf-table', 'striped'), { name: 'striped', tag: 'sdf-table', typeText: 'boolean', required: false, kind: 'prop', path: DTS, startLine: 26, endLine: 26 }],
    ]);
  });

  it('emits events from the event map and LocalJSX onXxx handlers, linked by EMITS', () => {
    expect(facts.nodes.filter((n) => n.labels[0] === 'Event').map((n) => [n.id, n.props.detailType, n.props.startLine])).toEqual([
      [ids.event(REPO_ID, 'sdf-button', 'sdfClick'), 'MouseEvent', 39],
      [ids.event(REPO_ID, 'sdf-table', 'sdfRowSelect'), 'SdfTableRow', 70],
      [ids.event(REPO_ID, 'sdf-table', 'sdfSortChange'), "{ column: string; direction: 'asc' | 'desc' }", 71],
    ]);
    expect(facts.edges.filter((e) => e.type === 'EMITS').map((e) => [e.from, e.to])).toEqual([
      [ids.contract(REPO_ID, 'sdf-button'), ids.event(REPO_ID, 'sdf-button', 'sdfClick')],
      [ids.contract(REPO_ID, 'sdf-table'), ids.event(REPO_ID, 'sdf-table', 'sdfRowSelect')],
      [ids.contract(REPO_ID, 'sdf-table'), ids.event(REPO_ID, 'sdf-table', 'sdfSortChange')],
    ]);
    expect(facts.edges.filter((e) => e.type === 'HAS_PROP')).toHaveLength(7);
    expect(facts.events).toEqual([]);
  });
});

describe('contracts extractor: robustness', () => {
  it('derives tags from interface names when no tag map exists', () => {
    expect(kebab('SdfDataTable')).toBe('sdf-data-table');
    const facts = memoryWorkspace({ 'x/components.d.ts': 'export namespace Components { interface AdpAlert { "type"?: string } }' }).extract('x/components.d.ts', [contractsExtractor]);
    expect(facts.nodes.map((n) => n.id)).toEqual([ids.contract(REPO_ID, 'adp-alert'), ids.prop(REPO_ID, 'adp-alert', 'type')]);
  });

  it('reports a file without components and never throws on random input', () => {
    const empty = memoryWorkspace({ 'components.d.ts': 'export {};' }).extract('components.d.ts', [contractsExtractor]);
    expect(empty.events.map((e) => e.kind)).toEqual(['unsupported_syntax']);
    const parts = ['namespace Components {', 'namespace LocalJSX {', 'interface SdfA {', '}', '"x"?: string;', '"onSdfY"?: (event: CustomEvent<number>) => void;', 'interface HTMLElementTagNameMap {', '"sdf-a": HTMLSdfAElement;', 'declare global {', '(', ';'];
    fc.assert(fc.property(fc.array(fc.constantFrom(...parts), { maxLength: 25 }), (p) => {
      const f = memoryWorkspace({ 'components.d.ts': p.join('\n') }).extract('components.d.ts', [contractsExtractor]);
      expect(validateFacts(f).events).toHaveLength(f.events.length);
    }), { numRuns: 60 });
  });
});
