import { describe, expect, it } from 'vitest';
import { translationUsagesExtractor } from '../../../../ingest/extractors/i18n/index.js';
import { isLooseKey } from '../../../../ingest/extractors/i18n/key-shape.js';
import type { FileFacts } from '../../../../ingest/model/facts.js';
import { factId, ids } from '../../../../ingest/model/ids.js';
import { validateFacts } from '../../../../ingest/write/validate-facts.js';
import { memoryWorkspace, REPO_ID } from '../../../support/extract-fixture.js';

const extract = (files: Record<string, string>, path: string): FileFacts => memoryWorkspace(files).extract(path, [translationUsagesExtractor]);
/** `key → [lines, via]` of every USES_KEY reference, sorted by key. */
const uses = (f: FileFacts) => f.refs.filter((r) => r.type === 'USES_KEY')
  .map((r) => [r.target.kind === 'translationKey' ? r.target.key : '?', r.from, r.props?.lines, r.props?.via] as const)
  .sort((a, b) => (a[0] < b[0] ? -1 : 1));
const uiText = (f: FileFacts) => f.nodes.filter((n) => n.labels[0] === 'UiText').map((n) => n.props);

describe('i18n usages in templates', () => {
  it('finds keys of pipes, directives, transloco functions and i18n ids, from the template File', () => {
    const html = [
      '<h1>{{ \'HOME.TITLE\' | translate }}</h1>',
      '<p [title]="(ok ? \'A.YES\' : \'A.NO\') | translate: { n: 1 }">{{ label | translate }}</p>',
      '<span translate>HOME.HELLO</span><span translate="HOME.X"></span><b [translate]="\'HOME.Y\'"></b><i translate="no">x</i>',
      '<ng-container *transloco="let t; read: \'dashboard\'"><p>{{ t(\'title\') }}</p><button (click)="go(t(\'go\'))">x</button></ng-container>',
      '<ng-template transloco let-tr><em>{{ tr(\'plain.key\') }}</em></ng-template>',
      '<div>{{ \'X.Y\' | transloco }}</div>',
      '<h2 i18n="site header|An introduction header@@introductionHeader">Hello i18n!</h2>',
      '<img i18n-title title="Angular logo" alt="Logo">',
    ].join('\n');
    const facts = extract({ 'src/app/home.component.html': html }, 'src/app/home.component.html');
    const file = ids.file(REPO_ID, 'src/app/home.component.html');
    expect(uses(facts)).toEqual([
      ['392942015236586892', file, [8], ['i18n:digest']],
      ['A.NO', file, [2], ['pipe:translate']],
      ['A.YES', file, [2], ['pipe:translate']],
      ['HOME.HELLO', file, [3], ['directive:translate']],
      ['HOME.TITLE', file, [1], ['pipe:translate']],
      ['HOME.X', file, [3], ['directive:translate']],
      ['HOME.Y', file, [3], ['directive:translate']],
      ['X.Y', file, [6], ['pipe:transloco']],
      ['dashboard.go', file, [4], ['transloco:t']],
      ['dashboard.title', file, [4], ['transloco:t']],
      ['introductionHeader', file, [7], ['i18n:id']],
      ['plain.key', file, [5], ['transloco:t']],
    ]);
    expect(validateFacts(facts).events).toEqual([]);
  });

  it('stores the static text of a template as one UiText node (text nodes, literal interpolation parts, UI attributes)', () => {
    const html = '<h1>Workspaces</h1>\n<input placeholder="Search workspaces" [attr.aria-label]="\'Search\'" class="big">\n<p>Hello {{ name }}, you have {{ n }} items</p>\n<button>Delete workspace</button><button>Delete workspace</button>\n';
    const facts = extract({ 'src/app/ws.component.html': html }, 'src/app/ws.component.html');
    expect(uiText(facts)).toEqual([expect.objectContaining({
      path: 'src/app/ws.component.html', text: 'Workspaces\nSearch workspaces\nSearch\nHello\n, you have\nitems\nDelete workspace', fragments: 7, inline: false, startLine: 1, endLine: 5,
    })]);
    expect(facts.nodes[0]?.id).toBe(factId(REPO_ID, 'uitext', 'src/app/ws.component.html'));
  });

  it('reads inline templates of components from their .ts file, with real lines, one UiText per class', () => {
    const src = [
      "import { Component } from '@angular/core';",
      '@Component({',
      "  selector: 'app-x',",
      "  template: `<h1>{{ 'X.TITLE' | translate }}</h1>",
      '    <p>Inline text</p>`,',
      '})',
      'export class XComponent {}',
    ].join('\n');
    const facts = extract({ 'src/app/x.component.ts': src }, 'src/app/x.component.ts');
    expect(uses(facts)).toEqual([['X.TITLE', ids.file(REPO_ID, 'src/app/x.component.ts'), [4], ['pipe:translate']]]);
    expect(uiText(facts)).toEqual([expect.objectContaining({ className: 'XComponent', inline: true, text: 'Inline text', startLine: 4, endLine: 5 })]);
  });

  it('never throws on broken templates and leaves their errors to the templates extractor', () => {
    const facts = extract({ 'a.html': '<div [x]="(((">{{ \'K.A\' | translate }}<span></div>{{' }, 'a.html');
    expect(facts.events).toEqual([]);
    expect(uses(facts).map((u) => u[0])).toEqual(['K.A']);
  });
});

describe('i18n usages in TypeScript', () => {
  const src = [
    "import { marker as _m } from '@colsen1991/ngx-translate-extract-marker';",
    "import { _ } from './marker';",
    "export const MENU = [{ label: 'MENU.USERS', route: '/users', icon: 'people' }, { label: 'SAVE', path: 'a.b' }];",
    "export const TITLE_KEY = 'pages.home.title';",
    'export class C {',
    "  title = 'PAGE.TITLE';",
    "  constructor(private translate: TranslateService, private http: HttpClient, private translocoService: TranslocoService) {}",
    '  run(ok: boolean) {',
    "    this.translate.instant('TOAST.SAVED');",
    "    this.translate.get(['A.ONE', 'A.TWO']).subscribe();",
    "    this.http.get('api.items');",
    "    this.translocoService.translate(ok ? 'T.YES' : 'T.NO');",
    "    marker('MARKED'); _('Underscored text');",
    "    console.log('not.a.key.ts', 'app.component.html', 'www.example.com', 'window.location');",
    "    this.notify.success('NOTIFY.DONE');",
    "    const msg = $localize`:Greeting@@welcomeMsg:Welcome`;",
    "    const plain = 'Hello world';",
    '  }',
    '}',
  ].join('\n');

  it('finds keys of translate calls, $localize ids and key-shaped literals in declarations', () => {
    const facts = extract({ 'src/app/c.ts': src }, 'src/app/c.ts');
    const file = ids.file(REPO_ID, 'src/app/c.ts');
    expect(uses(facts).map(([key, from, lines, via]) => [key, from === file, lines, via])).toEqual([
      ['A.ONE', true, [10], ['call:get']],
      ['A.TWO', true, [10], ['call:get']],
      ['MARKED', true, [13], ['call:marker']],
      ['MENU.USERS', true, [3], ['literal']],
      ['NOTIFY.DONE', true, [15], ['literal']],
      ['PAGE.TITLE', true, [6], ['literal']],
      ['SAVE', true, [3], ['literal']],
      ['T.NO', true, [12], ['call:translate']],
      ['T.YES', true, [12], ['call:translate']],
      ['TOAST.SAVED', true, [9], ['call:instant']],
      ['Underscored text', true, [13], ['call:_']],
      ['pages.home.title', true, [4], ['literal']],
      ['welcomeMsg', true, [16], ['$localize']],
    ]);
  });

  it('is conservative with bare literals', () => {
    expect(['HOME.TITLE', 'home.title', 'admin-page.save'].map((s) => isLooseKey(s, 'declaration'))).toEqual([true, true, true]);
    expect(['app.component.ts', 'www.example.com', 'window.location', '1.2.3', 'a', 'SAVE', 'Hello world'].map((s) => isLooseKey(s, 'declaration'))).toEqual([false, false, false, false, false, false, false]);
    expect([isLooseKey('SAVE', 'ui-property'), isLooseKey('HOME.TITLE', 'argument'), isLooseKey('home.title', 'argument')]).toEqual([true, true, false]);
  });

  it('skips spec files', () => {
    expect(translationUsagesExtractor.appliesTo('src/app/c.spec.ts')).toBe(false);
    expect(translationUsagesExtractor.appliesTo('src/app/c.ts')).toBe(true);
  });
});
