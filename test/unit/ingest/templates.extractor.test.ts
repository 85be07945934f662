import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { templateExtractor } from '../../../ingest/extractors/templates/index.js';
import { tagFamily } from '../../../ingest/extractors/templates/usage-facts.js';
import type { FileFacts } from '../../../ingest/model/facts.js';
import { ids } from '../../../ingest/model/ids.js';
import { validateFacts } from '../../../ingest/write/validate-facts.js';
import { loadWorkspace, memoryWorkspace, REPO_ID, type Workspace } from '../../support/extract-fixture.js';

const LEGACY = 'projects/host/src/app/legacy/legacy-dashboard.component.html';
const BANNER = 'projects/host/src/app/legacy/legacy-banner.component.ts';
const families = { adp: ['adp-'], sdf: ['sdf-'] };
const usage = (path: string, line: number, col: number) => ids.usage(REPO_ID, path, line, col);
const nav = (path: string, line: number, col: number) => ids.navTrigger(REPO_ID, path, line, col);
const usages = (f: FileFacts) => f.nodes.filter((n) => n.labels[0] === 'Usage').map((n) => [n.props.tag, n.props.family, n.props.startLine, n.props.endLine]);

let ws: Workspace;
beforeAll(() => {
  ws = loadWorkspace();
});

describe('templates extractor: an external template mixing adp-* and sdf-*', () => {
  let facts: FileFacts;
  beforeAll(() => {
    facts = ws.extract(LEGACY, [templateExtractor]);
  });

  it('emits one Usage per element, control-flow blocks, *ngIf and ng-template included, with exact lines', () => {
    expect(usages(facts)).toEqual([
      ['adp-page', 'adp', 1, 34], ['adp-toolbar', 'adp', 2, 6], ['adp-button', 'adp', 3, 3], ['sdf-button', 'sdf', 4, 4],
      ['a', 'native', 5, 5], ['div', 'native', 7, 9], ['adp-alert', 'adp', 8, 8], ['ul', 'native', 11, 20], ['li', 'native', 13, 16],
      ['a', 'native', 14, 14], ['sdf-badge', 'sdf', 15, 15], ['li', 'native', 18, 18], ['ng-container', 'angular', 22, 22],
      ['ng-template', 'angular', 24, 26], ['sdf-empty-state', 'sdf', 25, 25], ['sdf-chart', 'sdf', 28, 28], ['adp-spinner', 'adp', 30, 30],
      ['a', 'native', 32, 32], ['a', 'native', 33, 33],
    ]);
    expect(facts.events).toEqual([]);
  });

  it('summarises static attributes, inputs, outputs, structural directives and references', () => {
    const byId = new Map(facts.nodes.map((n) => [n.id, n]));
    expect(byId.get(usage(LEGACY, 3, 5))?.props).toMatchObject({
      attrs: ['kind=primary', '[disabled]=loading', '(click)=refresh()'], summary: 'kind=primary [disabled]=loading (click)=refresh()', text: 'Refresh', inline: false,
    });
    expect(byId.get(usage(LEGACY, 7, 3))?.props.attrs).toEqual(['*ngIf=error', 'class=error']);
    expect(byId.get(usage(LEGACY, 24, 3))?.props.attrs).toEqual(['#emptyState']);
    expect(byId.get(usage(LEGACY, 4, 5))?.searchText).toBe('sdf-button sdf button export');
  });

  it('owns every usage by the template File and points custom tags at contracts by tag', () => {
    const fileId = ids.file(REPO_ID, LEGACY);
    expect(facts.edges.filter((e) => e.type === 'HAS_USAGE').every((e) => e.from === fileId)).toBe(true);
    expect(facts.edges.filter((e) => e.type === 'HAS_USAGE')).toHaveLength(19);
    expect(facts.refs.filter((r) => r.type === 'USES_SELECTOR').map((r) => [r.from, r.target])).toEqual([
      [usage(LEGACY, 1, 1), { kind: 'contractTag', tag: 'adp-page' }], [usage(LEGACY, 2, 3), { kind: 'contractTag', tag: 'adp-toolbar' }],
      [usage(LEGACY, 3, 5), { kind: 'contractTag', tag: 'adp-button' }], [usage(LEGACY, 4, 5), { kind: 'contractTag', tag: 'sdf-button' }],
      [usage(LEGACY, 8, 5), { kind: 'contractTag', tag: 'adp-alert' }], [usage(LEGACY, 15, 11), { kind: 'contractTag', tag: 'sdf-badge' }],
      [usage(LEGACY, 25, 5), { kind: 'contractTag', tag: 'sdf-empty-state' }], [usage(LEGACY, 28, 5), { kind: 'contractTag', tag: 'sdf-chart' }],
      [usage(LEGACY, 30, 5), { kind: 'contractTag', tag: 'adp-spinner' }],
    ]);
  });

  it('turns static and literal-array routerLinks into resolved NavTriggers and keeps the others unresolved', () => {
    const triggers = facts.nodes.filter((n) => n.labels[0] === 'NavTrigger').map((n) => [n.id, n.props]);
    expect(triggers).toEqual([
      [nav(LEGACY, 5, 8), { kind: 'routerLink', path: LEGACY, startLine: 5, endLine: 5, expression: '/orders', resolved: true, targetPath: '/orders' }],
      [nav(LEGACY, 14, 14), { kind: 'routerLink', path: LEGACY, startLine: 14, endLine: 14, expression: "['/orders', o.id]", resolved: true, targetPath: '/orders/:id' }],
      [nav(LEGACY, 32, 6), { kind: 'routerLink', path: LEGACY, startLine: 32, endLine: 32, expression: 'reportLink', resolved: false, unresolvedReason: 'non-literal routerLink binding' }],
      [nav(LEGACY, 33, 6), {
        kind: 'routerLink', path: LEGACY, startLine: 33, endLine: 33, expression: "'/orders/' + selectedId + '/edit'", resolved: false,
        unresolvedReason: 'string-built URL', candidatePath: '/orders/:selectedId/edit',
      }],
    ]);
    expect(facts.refs.filter((r) => r.type === 'TARGETS')).toEqual([
      { type: 'TARGETS', from: nav(LEGACY, 5, 8), target: { kind: 'routePath', path: '/orders', from: LEGACY } },
      { type: 'TARGETS', from: nav(LEGACY, 14, 14), target: { kind: 'routePath', path: '/orders/:id', from: LEGACY } },
    ]);
    expect(facts.edges.filter((e) => e.type === 'TRIGGERS_NAV').map((e) => [e.from, e.to])).toEqual([
      [usage(LEGACY, 5, 5), nav(LEGACY, 5, 8)], [usage(LEGACY, 14, 11), nav(LEGACY, 14, 14)],
      [usage(LEGACY, 32, 3), nav(LEGACY, 32, 6)], [usage(LEGACY, 33, 3), nav(LEGACY, 33, 6)],
    ]);
  });
});

describe('templates extractor: inline templates', () => {
  it('uses real file lines and links usages to the component Symbol and its File', () => {
    const facts = ws.extract(BANNER, [templateExtractor]);
    expect(usages(facts)).toEqual([['adp-alert', 'adp', 9, 9], ['sdf-alert', 'sdf', 12, 12]]);
    const cls = ids.symbol(REPO_ID, BANNER, 'LegacyBannerComponent');
    expect(facts.edges.filter((e) => e.to === usage(BANNER, 9, 9)).map((e) => e.from)).toEqual([ids.file(REPO_ID, BANNER), cls]);
    expect(facts.nodes[0]?.props).toMatchObject({ inline: true, ownerClass: 'LegacyBannerComponent' });
  });

  it('reports template syntax errors with their file line and still emits what parsed', () => {
    const src = "import { Component } from '@angular/core';\n@Component({\n  selector: 'x-a',\n  template: `\n    <div>\n      <sdf-button (sdfClick)=\"go(\">Hi</sdf-button>\n    <p [x]=\"a +\"></p>\n  `,\n})\nexport class A {}\n";
    const facts = memoryWorkspace({ 'a.ts': src }).extract('a.ts', [templateExtractor]);
    expect(facts.events.map((e) => [e.kind, e.line])).toEqual([['parse_error', 6], ['parse_error', 6], ['parse_error', 7]]);
    expect(usages(facts)).toEqual([['div', 'native', 5, 5], ['sdf-button', 'sdf', 6, 6], ['p', 'native', 7, 7]]);
  });

  it('reports templates it cannot read instead of guessing', () => {
    const src = "@Component({ selector: 'x-a', template: `<b>${x}</b>` })\nexport class A {}\n@Component({ selector: 'x-b', template: makeTemplate() })\nexport class B {}\n";
    const facts = memoryWorkspace({ 'a.ts': src }).extract('a.ts', [templateExtractor]);
    expect(facts.events).toEqual([
      { kind: 'unsupported_syntax', parser: 'templates', path: 'a.ts', message: 'A: template literal with ${} substitutions', line: 1 },
      { kind: 'unsupported_syntax', parser: 'templates', path: 'a.ts', message: 'B: template is not a string literal', line: 3 },
    ]);
  });
});

describe('templates extractor: classification and robustness', () => {
  it('classifies tags by configured prefix, Angular built-ins, custom elements and HTML', () => {
    expect(['sdf-x', 'ADP-Y', 'ng-container', 'app-root', 'mat-card', 'orders', 'div', 'svg', 'td'].map((t) => tagFamily(t, families)))
      .toEqual(['sdf', 'adp', 'angular', 'angular', 'angular', 'angular', 'native', 'native', 'native']);
  });

  it('emits selector references for non-family custom elements and two-way bindings once', () => {
    const facts = memoryWorkspace({ 'a.html': '<app-x [(value)]="v" #r="ngModel"></app-x><svg><rect/></svg>' }).extract('a.html', [templateExtractor]);
    expect(facts.nodes[0]?.props.attrs).toEqual(['[(value)]=v', '#r=ngModel']);
    expect(facts.refs).toEqual([{ type: 'USES_SELECTOR', from: usage('a.html', 1, 1), target: { kind: 'selector', selector: 'app-x[value]', attrs: ['value'] } }]);
    expect(usages(facts).map((u) => u[0])).toEqual(['app-x', 'svg', 'rect']);
  });

  it('references native elements only through attributes that can only mean a directive', () => {
    const html = [
      '<button mat-button type="submit" class="x">Go</button>',
      '<li [appHighlight]="c" id="a" [title]="t" aria-label="l" data-x="1"></li>',
      '<div *appIfRole="admin"></div>',
      '<a routerLink="/x" [routerLinkActive]="on" href="#">x</a>',
      '<input type="text" [(ngModel)]="v" [attr.role]="r">',
      '<ng-container appPortal></ng-container>',
    ].join('\n');
    const facts = memoryWorkspace({ 'a.html': html }).extract('a.html', [templateExtractor]);
    expect(facts.refs.filter((r) => r.type === 'USES_SELECTOR').map((r) => [r.from, r.target])).toEqual([
      [usage('a.html', 1, 1), { kind: 'selector', selector: 'button[mat-button][type][class]', attrs: ['mat-button'] }],
      [usage('a.html', 2, 1), { kind: 'selector', selector: 'li[id][aria-label][data-x][apphighlight][title]', attrs: ['apphighlight'] }],
      [usage('a.html', 3, 1), { kind: 'selector', selector: 'div[appifrole]', attrs: ['appifrole'] }],
      [usage('a.html', 6, 1), { kind: 'selector', selector: 'ng-container[appportal]', attrs: ['appportal'] }],
    ]);
  });

  it('never throws and only emits storable facts on broken or random templates', () => {
    const pieces = ['<div', '>', '</div>', '<sdf-a [x]="', '"', '(y)="z()"', '*ngIf="a"', '@if (a) {', '}', '@for (i of l; track i) {', '@else {', '<ng-template #t>', '</ng-template>', '{{ a }}', 'routerLink="/x"', '[routerLink]="[\'/a\', b]"', '<!--', '@defer {', '@switch (x) { @case (1) {', '&', '<', '\n'];
    fc.assert(fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), (parts) => {
      const text = parts.join(' ');
      const facts = memoryWorkspace({ 'r.html': text }).extract('r.html', [templateExtractor]);
      expect(validateFacts(facts).events).toHaveLength(facts.events.length);
    }), { numRuns: 60 });
  });
});
