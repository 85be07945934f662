import { describe, expect, it } from 'vitest';
import { agGridExtractor } from '../../../ingest/extractors/ag-grid/index.js';
import { templateExtractor } from '../../../ingest/extractors/templates/index.js';
import { memoryWorkspace } from '../../support/extract-fixture.js';

// Files saved by Visual Studio (ASP.NET + Angular templates) often start with a UTF-8 BOM.
const BOM = '\uFEFF';

describe('templates extractor: inline templates in files with a byte-order mark', () => {
  it('parses the inline template at the right offsets (no EOF error, exact lines) with LF and CRLF', () => {
    for (const eol of ['\n', '\r\n']) {
      const src = [`${BOM}import { Component } from '@angular/core';`, '@Component({', "  selector: 'x-card',", '  template: `', '    <section>', '      <x-badge', '        [count]="n"></x-badge>', '    </section>`', '})', 'export class CardComponent { n = 1; }'].join(eol);
      const facts = memoryWorkspace({ 'src/card.component.ts': src }).extract('src/card.component.ts', [templateExtractor]);
      expect(facts.events).toEqual([]);
      expect(facts.nodes.map((n) => [n.props.tag, n.props.startLine, n.props.endLine])).toEqual([['section', 5, 8], ['x-badge', 6, 7]]);
    }
  });
});

describe('ag-grid extractor: grid templates found like the angular extractor finds them', () => {
  it('reads a grid in an inline template of a BOM file and in a require()d template', () => {
    const inline = `${BOM}@Component({ selector: 'x-a', template: '<ag-grid-angular [columnDefs]="cols"></ag-grid-angular>' })\nexport class A { cols = [{ field: 'id' }]; }`;
    const required = "@Component({ selector: 'x-b', template: require('./b.component.html') })\nexport class B { cols = [{ field: 'name' }]; }";
    const ws = memoryWorkspace({ 'src/a.component.ts': inline, 'src/b.component.ts': required, 'src/b.component.html': '<ag-grid-angular [columnDefs]="cols"></ag-grid-angular>' });
    const fields = (path: string) => ws.extract(path, [agGridExtractor]).nodes.filter((n) => n.labels.includes('ColumnDef')).map((n) => n.props.field);
    expect(fields('src/a.component.ts')).toEqual(['id']);
    expect(fields('src/b.component.ts')).toEqual(['name']);
  });
});

describe('templates extractor: AngularJS templates of hybrid apps', () => {
  it('does not turn ng-* attributes on native elements into directive selector references', () => {
    const html = ['<div ng-controller="MainCtrl as vm">', '  <li ng-repeat="item in vm.items" ng-click="vm.pick(item)" appTooltip>{{ item.name }}</li>', '  <my-widget data="vm.x"></my-widget>', '</div>'].join('\n');
    const facts = memoryWorkspace({ 'legacy/views/main.html': html }).extract('legacy/views/main.html', [templateExtractor]);
    expect(facts.refs.map((r) => r.target)).toEqual([
      { kind: 'selector', selector: 'li[ng-repeat][ng-click][apptooltip]', attrs: ['apptooltip'] },
      { kind: 'selector', selector: 'my-widget[data]', attrs: ['data'] },
    ]);
  });
});
