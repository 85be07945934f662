import { describe, expect, it } from 'vitest';
import { templateExtractor } from '../../../ingest/extractors/templates/index.js';
import type { FileFacts } from '../../../ingest/model/facts.js';
import { ids } from '../../../ingest/model/ids.js';
import { validateFacts } from '../../../ingest/write/validate-facts.js';
import { memoryWorkspace, REPO_ID } from '../../support/extract-fixture.js';

/** [line, resolved, targetPath or unresolvedReason, menuEntry] per NavTrigger, in emission order. */
const triggers = (f: FileFacts) => f.nodes.filter((n) => n.labels[0] === 'NavTrigger')
  .map((n) => [n.props.startLine, n.props.resolved, n.props.targetPath ?? n.props.unresolvedReason, n.props.menuEntry]);
const targets = (f: FileFacts) => f.refs.filter((r) => r.type === 'TARGETS').map((r) => (r.target.kind === 'routePath' ? r.target.path : r.target.kind)).sort();

const MENU_TS = [
  "import { Component } from '@angular/core';",
  "import { ADMIN_MENU } from './menu.const';",
  "@Component({ selector: 'app-nav', templateUrl: './nav.component.html' })",
  'export class NavComponent {',
  "  menu = [{ label: 'Orders', link: '/orders' }, { label: 'Customers', link: ['/customers', 'list'] }, { label: 'Again', link: '/orders' }];",
  '  admin = ADMIN_MENU;',
  '}',
].join('\n');
const MENU_CONST = [
  "export interface MenuItem { label: string; route: string | string[]; children?: MenuItem[] }",
  'const REPORTS = \'/reports\';',
  'export const ADMIN_MENU: MenuItem[] = [',
  "  { label: 'Users', route: ['/admin', 'users'], children: [{ label: 'New', route: '/admin/users/new' }] },",
  "  { label: 'Reports', route: REPORTS, children: [{ label: 'Daily', route: ['/reports', 'daily'] }] },",
  '  { label: 4, route: computeRoute() },',
  '];',
].join('\n');

describe('templates extractor: routerLink bound to a loop variable over a menu array', () => {
  it('*ngFor over a component property: one resolved trigger per distinct literal value (string and commands)', () => {
    const ws = memoryWorkspace({
      'app/nav.component.ts': MENU_TS, 'app/menu.const.ts': MENU_CONST,
      'app/nav.component.html': '<nav>\n  <a *ngFor="let item of menu" [routerLink]="item.link">{{ item.label }}</a>\n</nav>\n'
        + '<a *ngFor="let o of orders" [routerLink]="[\'/orders\', o.id]"></a><a [routerLink]="link"></a>',
    });
    const facts = ws.extract('app/nav.component.html', [templateExtractor]);
    // Links that do not read the loop variable itself keep the plain routerLink rules.
    expect(triggers(facts)).toEqual([
      [2, true, '/orders', 'menu[0].link'], [2, true, '/customers/list', 'menu[1].link'],
      [4, true, '/orders/:id', undefined], [4, false, 'non-literal routerLink binding', undefined],
    ]);
    expect(targets(facts)).toEqual(['/customers/list', '/orders', '/orders/:id']);
    // Every trigger is fired by the <a> Usage and has its own id.
    const fired = facts.edges.filter((e) => e.type === 'TRIGGERS_NAV' && e.from === ids.usage(REPO_ID, 'app/nav.component.html', 2, 3));
    expect(fired).toHaveLength(2);
    expect(new Set(fired.map((e) => e.to)).size).toBe(2);
    expect(validateFacts(facts).events).toEqual([]);
  });

  it('@for over an imported const, nested loops and non-anchor elements; non-literal entries stay unresolved with a reason', () => {
    const html = [
      '@for (group of admin; track group.label) {',
      '  <button [routerLink]="group.route">{{ group.label }}</button>',
      '  @for (child of group.children; track child.label) {',
      '    <li [routerLink]="child.route"></li>',
      '  }',
      '}',
    ].join('\n');
    const ws = memoryWorkspace({ 'app/nav.component.ts': MENU_TS, 'app/menu.const.ts': MENU_CONST, 'app/nav.component.html': html });
    const facts = ws.extract('app/nav.component.html', [templateExtractor]);
    expect(triggers(facts)).toEqual([
      [2, true, '/admin/users', 'admin[0].route'], [2, true, '/reports', 'admin[1].route'],
      [2, false, 'admin[2].route is not a literal', 'admin[2].route'],
      [4, true, '/admin/users/new', 'admin[0].children[0].route'], [4, true, '/reports/daily', 'admin[1].children[0].route'],
      [4, false, 'admin[2].children is not a literal', 'admin[2].children'],
    ]);
    expect(targets(facts)).toEqual(['/admin/users', '/admin/users/new', '/reports', '/reports/daily']);
  });

  it('inline templates read this.menu / signals of their own class; relative entries follow the routerLink rules', () => {
    const src = [
      "import { Component, signal } from '@angular/core';",
      '@Component({',
      "  selector: 'app-side',",
      '  template: `<ng-container *ngFor="let m of items()"><a [routerLink]="m.path">x</a></ng-container>',
      '    <a *ngFor="let l of this.links" [routerLink]="l"></a>`,',
      '})',
      'export class SideComponent {',
      "  items = signal([{ path: '/home' }, { path: 'settings' }]);",
      "  links = ['/a', '/b'];",
      '}',
    ].join('\n');
    const facts = memoryWorkspace({ 'side.ts': src }).extract('side.ts', [templateExtractor]);
    expect(triggers(facts)).toEqual([
      [4, true, '/home', 'items[0].path'], [4, false, 'relative to the current route', 'items[1].path'],
      [5, true, '/a', 'links[0]'], [5, true, '/b', 'links[1]'],
    ]);
    const classId = ids.symbol(REPO_ID, 'side.ts', 'SideComponent');
    expect(facts.edges.filter((e) => e.type === 'TRIGGERS_NAV' && e.from === classId)).toHaveLength(4);
  });

  it('keeps one unresolved trigger when the iterated value is not a literal array or the class is unknown', () => {
    const ts = "@Component({ selector: 'x', templateUrl: './x.component.html' })\nexport class X { items$ = this.api.menu(); }";
    const html = '<a *ngFor="let i of items$ | async" [routerLink]="i.link"></a><a *ngFor="let i of other" [routerLink]="i.link"></a>';
    const facts = memoryWorkspace({ 'x.component.ts': ts, 'x.component.html': html }).extract('x.component.html', [templateExtractor]);
    expect(triggers(facts)).toEqual([
      [1, false, 'items$ is not an array literal', 'items$'], [1, false, 'member other has no literal initial value', 'other'],
    ]);
    const orphan = memoryWorkspace({ 'y.html': html }).extract('y.html', [templateExtractor]);
    expect(triggers(orphan).map((t) => t[2])).toEqual(['component class of the template not found', 'component class of the template not found']);
    expect(orphan.refs.filter((r) => r.type === 'TARGETS')).toEqual([]);
  });
});
