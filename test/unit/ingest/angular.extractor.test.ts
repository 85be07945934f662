import { beforeAll, describe, expect, it } from 'vitest';
import { angularExtractor } from '../../../ingest/extractors/angular/index.js';
import { typescriptExtractor } from '../../../ingest/extractors/typescript/index.js';
import type { FileFacts } from '../../../ingest/model/facts.js';
import { ids } from '../../../ingest/model/ids.js';
import { loadWorkspace, memoryWorkspace, REPO_ID, type Workspace } from '../../support/extract-fixture.js';

const APP = 'projects/host/src/app';
const sym = (path: string, name: string) => ids.symbol(REPO_ID, path, name);
const file = (path: string) => ids.file(REPO_ID, path);
const node = (facts: FileFacts, id: string) => facts.nodes.find((n) => n.id === id);

let ws: Workspace;
const extract = (path: string) => ws.extract(path, [angularExtractor]);

beforeAll(() => {
  ws = loadWorkspace();
});

describe('angular extractor: components', () => {
  it('adds the Component label, selector, template and style links to the class symbol', () => {
    const path = `${APP}/customers/customer-list.component.ts`;
    const facts = extract(path);
    const id = sym(path, 'CustomerListComponent');
    expect(facts.nodes).toEqual([{
      id,
      labels: ['Symbol', 'Component'],
      props: {
        name: 'CustomerListComponent', kind: 'class', path, startLine: 6, endLine: 25,
        selector: 'app-customer-list', standalone: false, inputs: ['pageSize'], outputs: ['selected'],
        templatePath: `${APP}/customers/customer-list.component.html`,
        styleUrls: [`${APP}/customers/customer-list.component.scss`],
      },
      searchText: 'customerlistcomponent customer list component projects host src app customers customer-list ts app-customer-list',
    }]);
    expect(facts.edges).toEqual([
      { type: 'TEMPLATES', from: id, to: file(`${APP}/customers/customer-list.component.html`) },
      { type: 'STYLES', from: id, to: file(`${APP}/customers/customer-list.component.scss`) },
    ]);
    expect(facts.events).toEqual([]);
  });

  it('flags an inline template with its line range, standalone imports and signal inputs', () => {
    const path = `${APP}/dashboard/dashboard.component.ts`;
    const facts = extract(path);
    expect(node(facts, sym(path, 'DashboardComponent'))?.props).toEqual({
      name: 'DashboardComponent', kind: 'class', path, startLine: 5, endLine: 19,
      selector: 'app-dashboard', standalone: true, imports: ['DatePipe', 'EmptyStateComponent'],
      inputs: ['heading'], outputs: [], inlineTemplate: true, templateStartLine: 9, templateEndLine: 14,
    });
    expect(facts.edges).toEqual([]);
  });

  it('reads signal input() and output() fields as bindings', () => {
    const path = `${APP}/customers/customer-detail.component.ts`;
    const props = node(extract(path), sym(path, 'CustomerDetailComponent'))?.props;
    expect([props?.inputs, props?.outputs, props?.templatePath]).toEqual([['compact'], ['closed'], `${APP}/customers/customer-detail.component.html`]);
  });

  it('merges with the TypeScript extractor into one node whatever the order', () => {
    const path = `${APP}/customers/customer-list.component.ts`;
    for (const order of [[typescriptExtractor, angularExtractor], [angularExtractor, typescriptExtractor]]) {
      const facts = ws.extract(path, order);
      const classes = facts.nodes.filter((n) => n.id === sym(path, 'CustomerListComponent'));
      expect(classes).toHaveLength(1);
      expect(classes[0]?.labels).toEqual(['Symbol', 'Component']);
      expect(classes[0]?.props).toMatchObject({ kind: 'class', selector: 'app-customer-list', decorators: ['Component'], injects: ['CustomerService'] });
    }
  });
});

describe('angular extractor: modules, services, directives, pipes', () => {
  it('turns NgModule declarations into DECLARES edges and keeps the other lists as props', () => {
    const path = `${APP}/app.module.ts`;
    const facts = extract(path);
    const id = sym(path, 'AppModule');
    expect(node(facts, id)?.labels).toEqual(['Symbol', 'NgModule']);
    expect(node(facts, id)?.props).toMatchObject({
      startLine: 12, endLine: 18,
      declarations: ['AppComponent', 'CustomerListComponent', 'CustomerDetailComponent', 'HighlightDirective', 'StatusLabelPipe'],
      imports: ['BrowserModule', 'HttpClientModule', 'AppRoutingModule'],
      providers: ['API_BASE_URL'],
      bootstrap: ['AppComponent'],
    });
    expect(facts.edges.map((e) => [e.type, e.from, e.to])).toEqual([
      ['DECLARES', id, sym(`${APP}/app.component.ts`, 'AppComponent')],
      ['DECLARES', id, sym(`${APP}/customers/customer-list.component.ts`, 'CustomerListComponent')],
      ['DECLARES', id, sym(`${APP}/customers/customer-detail.component.ts`, 'CustomerDetailComponent')],
      ['DECLARES', id, sym(`${APP}/shared/highlight.directive.ts`, 'HighlightDirective')],
      ['DECLARES', id, sym(`${APP}/shared/status-label.pipe.ts`, 'StatusLabelPipe')],
    ]);
  });

  it('keeps RouterModule.forChild(...) entries by callee name', () => {
    const path = `${APP}/admin/admin.module.ts`;
    expect(node(extract(path), sym(path, 'AdminModule'))?.props.imports).toEqual(['CommonModule', 'RouterModule.forChild']);
  });

  it('labels @Injectable classes Service with providedIn', () => {
    const path = `${APP}/core/auth.service.ts`;
    const n = node(extract(path), sym(path, 'AuthService'));
    expect([n?.labels, n?.props.providedIn, n?.props.startLine, n?.props.endLine]).toEqual([['Symbol', 'Service'], 'root', 3, 14]);
  });

  it('reads a directive selector and @Input bindings', () => {
    const path = `${APP}/shared/highlight.directive.ts`;
    const n = node(extract(path), sym(path, 'HighlightDirective'));
    expect(n?.labels).toEqual(['Symbol', 'Directive']);
    expect(n?.props).toMatchObject({ selector: '[appHighlight]', standalone: false, inputs: ['appHighlight'], outputs: [] });
  });

  it('stores a pipe template name as pipeName', () => {
    const path = `${APP}/shared/status-label.pipe.ts`;
    const n = node(extract(path), sym(path, 'StatusLabelPipe'));
    expect(n?.labels).toEqual(['Symbol', 'Pipe']);
    expect(n?.props).toMatchObject({ pipeName: 'statusLabel', pure: true, standalone: false });
  });
});

describe('angular extractor: unfamiliar shapes', () => {
  it('follows a selector const from another file and reports a computed one', () => {
    const mem = memoryWorkspace({
      'src/names.ts': "export const SELECTOR = 'x-card';",
      'src/card.ts': [
        "import { SELECTOR } from './names';",
        '@Component({ selector: SELECTOR, template: "<p></p>" })',
        'export class Card {}',
        "@Component({ selector: PREFIX + '-other', template: `<p>${1}</p>` })",
        'export class Other {}',
      ].join('\n'),
    });
    const facts = mem.extract('src/card.ts', [angularExtractor]);
    expect(node(facts, ids.symbol(REPO_ID, 'src/card.ts', 'Card'))?.props.selector).toBe('x-card');
    expect(node(facts, ids.symbol(REPO_ID, 'src/card.ts', 'Other'))?.props.selector).toBeUndefined();
    expect(facts.events.map((e) => [e.kind, e.line, e.message])).toEqual([
      ['unsupported_syntax', 4, "Other: selector is not a string literal (PREFIX + '-other')"],
      ['unsupported_syntax', 4, 'Other: template is not a plain string literal'],
    ]);
  });

  it('reads the literal keys of a spread config and reports the spread; reports non-object metadata', () => {
    const mem = memoryWorkspace({
      'src/odd.ts': [
        '@Component({ ...BASE, selector: "x-odd" })',
        'export class Odd {}',
        '@Component(makeConfig())',
        'export class Made {}',
      ].join('\n'),
    });
    const facts = mem.extract('src/odd.ts', [angularExtractor]);
    const odd = node(facts, ids.symbol(REPO_ID, 'src/odd.ts', 'Odd'));
    const made = node(facts, ids.symbol(REPO_ID, 'src/odd.ts', 'Made'));
    expect([odd?.labels, odd?.props.selector, odd?.props.metadataIncomplete]).toEqual([['Symbol', 'Component'], 'x-odd', true]);
    expect([made?.labels, made?.props.selector, made?.props.metadataIncomplete]).toEqual([['Symbol', 'Component'], undefined, true]);
    expect(facts.events.map((e) => [e.kind, e.line, e.message])).toEqual([
      ['unsupported_syntax', 1, 'Odd: @Component metadata spreads BASE'],
      ['unsupported_syntax', 3, 'Made: @Component metadata is not an object literal (CallExpression)'],
    ]);
  });

  it('reports a missing templateUrl as an unresolved file reference', () => {
    const mem = memoryWorkspace({ 'src/a.ts': "@Component({ selector: 'x-a', templateUrl: './a.html' })\nexport class A {}" });
    const facts = mem.extract('src/a.ts', [angularExtractor]);
    const id = ids.symbol(REPO_ID, 'src/a.ts', 'A');
    expect(facts.edges).toEqual([]);
    expect(facts.refs).toEqual([{ type: 'TEMPLATES', from: id, target: { kind: 'file', path: 'src/a.html' } }]);
    expect(facts.events).toEqual([{ kind: 'unresolved_reference', parser: 'angular', path: 'src/a.ts', message: "templateUrl './a.html' not found", line: 1 }]);
  });

  it('reads aliases of @Input/@Output, input() options, model() and decorator inputs metadata', () => {
    const mem = memoryWorkspace({
      'src/b.ts': [
        "@Directive({ selector: '[b]', inputs: ['size: bSize'], outputs: ['done'] })",
        'export class B {',
        "  @Input('bColor') color = '';",
        "  @Input({ alias: 'bWidth', required: true }) width = 0;",
        "  @Output('bChanged') changed = new EventEmitter<void>();",
        "  label = input('', { alias: 'bLabel' });",
        '  value = model(0);',
        '  picked = output<string>();',
        '}',
      ].join('\n'),
    });
    const props = node(mem.extract('src/b.ts', [angularExtractor]), ids.symbol(REPO_ID, 'src/b.ts', 'B'))?.props;
    expect(props?.inputs).toEqual(['bColor', 'bLabel', 'bSize', 'bWidth', 'value']);
    expect(props?.outputs).toEqual(['bChanged', 'done', 'picked', 'valueChange']);
  });

  it('defaults standalone to true from Angular 19 (package.json) unless said otherwise', () => {
    const mem = memoryWorkspace({
      'package.json': JSON.stringify({ dependencies: { '@angular/core': '^19.1.0' } }),
      'src/c.ts': "@Component({ selector: 'x-c', template: '' })\nexport class C {}\n@Pipe({ name: 'p', standalone: false, pure: false })\nexport class P {}",
    });
    const facts = mem.extract('src/c.ts', [angularExtractor]);
    expect(node(facts, ids.symbol(REPO_ID, 'src/c.ts', 'C'))?.props.standalone).toBe(true);
    expect(node(facts, ids.symbol(REPO_ID, 'src/c.ts', 'P'))?.props).toMatchObject({ standalone: false, pure: false, pipeName: 'p' });
  });

  it('ignores non-Angular decorators and undecorated classes', () => {
    const mem = memoryWorkspace({ 'src/d.ts': '@Entity()\nexport class D {}\nexport class E {}' });
    expect(mem.extract('src/d.ts', [angularExtractor]).nodes).toEqual([]);
  });
});
