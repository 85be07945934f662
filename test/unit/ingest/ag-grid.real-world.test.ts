import { describe, expect, it } from 'vitest';
import { agGridExtractor } from '../../../ingest/extractors/ag-grid/index.js';
import { ids } from '../../../ingest/model/ids.js';
import { memoryWorkspace, REPO_ID } from '../../support/extract-fixture.js';

describe('ag-grid extractor: renderers written against the older ag-grid-angular interface', () => {
  it('labels AgRendererComponent classes (even without refresh) but not header classes that misuse it', () => {
    const src = [
      "import { AgRendererComponent } from 'ag-grid-angular';",
      "@Component({ selector: 'x-link-cell', template: '<a>{{ v }}</a>' })",
      'export class LinkCellComponent implements AgRendererComponent {',
      '  v = "";',
      '  agInit(p: any) { this.v = p.value; }',
      '}',
      "@Component({ selector: 'x-check-header', template: '' })",
      'export class CheckHeaderComponent implements AgRendererComponent {',
      '  agInit(p: any) {}',
      '  refresh() { return false; }',
      '}',
    ].join('\n');
    const facts = memoryWorkspace({ 'cells.ts': src }).extract('cells.ts', [agGridExtractor]);
    expect(facts.nodes.map((n) => [n.id, n.labels, n.props.rendererEvidence, n.props.startLine, n.props.endLine])).toEqual([
      [ids.symbol(REPO_ID, 'cells.ts', 'LinkCellComponent'), ['Symbol', 'CellRenderer'], 'implements', 2, 6],
    ]);
  });
});
