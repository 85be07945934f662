import { beforeAll, describe, expect, it } from 'vitest';
import { typescriptExtractor } from '../../../ingest/extractors/typescript/index.js';
import type { FileFacts } from '../../../ingest/model/facts.js';
import { ids } from '../../../ingest/model/ids.js';
import { loadWorkspace, memoryWorkspace, REPO_ID, type Workspace } from '../../support/extract-fixture.js';

const APP = 'projects/host/src/app';
const sym = (path: string, name: string) => ids.symbol(REPO_ID, path, name);
const file = (path: string) => ids.file(REPO_ID, path);
const node = (facts: FileFacts, id: string) => facts.nodes.find((n) => n.id === id);
const edgesOf = (facts: FileFacts, type: string) => facts.edges.filter((e) => e.type === type);
const edge = (facts: FileFacts, type: string, from: string, to: string) => facts.edges.find((e) => e.type === type && e.from === from && e.to === to);

let ws: Workspace;
const extract = (path: string) => ws.extract(path, [typescriptExtractor]);

beforeAll(() => {
  ws = loadWorkspace();
});

describe('typescript extractor: symbol headers', () => {
  it('emits interface, type alias, enum and exported const of a model file with exact ranges', () => {
    const path = 'libs/shared/src/models/customer.model.ts';
    const facts = extract(path);
    expect(facts.nodes.map((n) => [n.props.name, n.props.kind, n.props.startLine, n.props.endLine])).toEqual([
      ['Customer', 'interface', 2, 8],
      ['CustomerStatus', 'type', 10, 10],
      ['CustomerTier', 'enum', 12, 16],
      ['DEFAULT_PAGE_SIZE', 'const', 18, 18],
    ]);
    expect(node(facts, sym(path, 'Customer'))).toEqual({
      id: sym(path, 'Customer'),
      labels: ['Symbol'],
      props: {
        name: 'Customer', kind: 'interface', path, startLine: 2, endLine: 8, exported: true,
        signature: 'interface Customer', extends: [],
        members: ['id: string', 'name: string', 'email?: string', 'status: CustomerStatus', 'tier: CustomerTier'],
      },
      searchText: 'customer libs shared src models model ts',
    });
    expect(node(facts, sym(path, 'CustomerStatus'))?.props.signature).toBe("type CustomerStatus = 'active' | 'suspended' | 'closed';");
    expect(node(facts, sym(path, 'CustomerTier'))?.props.members).toEqual(['Standard', 'Gold', 'Platinum']);
    expect(node(facts, sym(path, 'DEFAULT_PAGE_SIZE'))?.props.signature).toBe('const DEFAULT_PAGE_SIZE = 25');
    expect(edgesOf(facts, 'DEFINES').map((e) => e.to)).toEqual(facts.nodes.map((n) => n.id));
    expect(edgesOf(facts, 'DEFINES').every((e) => e.from === file(path))).toBe(true);
  });

  it('emits the public members of an @Injectable with signatures, not private ones', () => {
    const path = `${APP}/core/customer.service.ts`;
    const facts = extract(path);
    const cls = node(facts, sym(path, 'CustomerService'));
    expect(cls?.props).toMatchObject({ kind: 'class', startLine: 7, endLine: 25, decorators: ['Injectable'], signature: 'class CustomerService' });
    const members = facts.nodes.filter((n) => n.props.owner === 'CustomerService');
    expect(members.map((m) => [m.id, m.props.kind, m.props.signature, m.props.startLine, m.props.endLine])).toEqual([
      [ids.member(REPO_ID, path, 'CustomerService', 'list'), 'method', 'list(): Observable<Customer[]>', 14, 16],
      [ids.member(REPO_ID, path, 'CustomerService', 'get'), 'method', 'get(id: string): Observable<Customer>', 18, 20],
    ]);
    expect(edgesOf(facts, 'HAS_MEMBER').map((e) => [e.from, e.to])).toEqual(members.map((m) => [cls?.id, m.id]));
  });

  it('keeps decorators of members and flags lifecycle hooks', () => {
    const path = `${APP}/customers/customer-list.component.ts`;
    const facts = extract(path);
    const members = facts.nodes.filter((n) => n.props.owner === 'CustomerListComponent');
    expect(members.map((m) => [m.props.name, m.props.signature, m.props.decorators, m.props.lifecycle ?? false])).toEqual([
      ['pageSize', 'pageSize = DEFAULT_PAGE_SIZE', ['Input'], false],
      ['selected', 'selected = new EventEmitter<Customer>()', ['Output'], false],
      ['customers$', 'customers$!: Observable<Customer[]>', [], false],
      ['ngOnInit', 'ngOnInit(): void', [], true],
      ['select', 'select(customer: Customer): void', [], false],
    ]);
    expect(node(facts, sym(path, 'CustomerListComponent'))?.props.implements).toEqual(['OnInit']);
  });

  it('emits exported functions and consts only, with header signatures', () => {
    const mem = memoryWorkspace({
      'src/util.ts': [
        'function hidden(): void {}',
        'export function pick<T>(items: T[], n = 1): T[] { return items.slice(0, n); }',
        'export async function load(url: string): Promise<string> { return url; }',
        'const later = (a: number) => a * 2;',
        'export { later };',
        'export default class {}',
        'export function over(a: string): string;',
        'export function over(a: number): number;',
        'export function over(a: unknown): unknown { return a; }',
        'let { x, y } = { x: 1, y: 2 };',
      ].join('\n'),
    });
    const facts = mem.extract('src/util.ts', [typescriptExtractor]);
    expect(facts.nodes.map((n) => [n.props.name, n.props.kind, n.props.signature, n.props.startLine, n.props.endLine])).toEqual([
      ['pick', 'function', 'function pick<T>(items: T[], n?): T[]', 2, 2],
      ['load', 'function', 'async function load(url: string): Promise<string>', 3, 3],
      ['later', 'const', 'const later = (a: number) => …', 4, 4],
      ['default', 'class', 'class default', 6, 6],
      ['over', 'function', 'function over(a: string): string', 7, 9],
    ]);
    expect(facts.events).toEqual([]);
  });
});

describe('typescript extractor: imports', () => {
  it('resolves a named import from a barrel to the barrel and to the declaring file', () => {
    const path = `${APP}/customers/customer-list.component.ts`;
    const facts = extract(path);
    expect(edge(facts, 'IMPORTS', file(path), file(`${APP}/core/index.ts`))?.props).toEqual({ specifiers: ['CustomerService'], modules: ['../core'] });
    expect(edge(facts, 'IMPORTS', file(path), file(`${APP}/core/customer.service.ts`))?.props).toEqual({
      specifiers: ['CustomerService'], viaBarrel: [`${APP}/core/index.ts`],
    });
  });

  it('resolves tsconfig paths aliases (wildcard and exact) through their barrels', () => {
    const service = `${APP}/core/customer.service.ts`;
    const facts = extract(service);
    expect(edgesOf(facts, 'IMPORTS').map((e) => [e.to, e.props])).toEqual([
      [file('libs/shared/src/models/index.ts'), { specifiers: ['Customer'], modules: ['@shared/models'] }],
      [file('libs/shared/src/models/customer.model.ts'), { specifiers: ['Customer'], viaBarrel: ['libs/shared/src/models/index.ts'] }],
      [file(`${APP}/core/tokens.ts`), { specifiers: ['API_BASE_URL'], modules: ['./tokens'] }],
    ]);
    const guard = `${APP}/core/feature-flag.guard.ts`;
    const guardFacts = extract(guard);
    expect(edge(guardFacts, 'IMPORTS', file(guard), file('libs/shared/src/index.ts'))?.props).toEqual({ specifiers: ['FeatureFlagService'], modules: ['@shared'] });
    expect(edge(guardFacts, 'IMPORTS', file(guard), file('libs/shared/src/feature-flag.service.ts'))?.props).toEqual({
      specifiers: ['FeatureFlagService'], viaBarrel: ['libs/shared/src/index.ts'],
    });
  });

  it('records barrel re-exports as IMPORTS with reexport and the exported names', () => {
    const path = `${APP}/core/index.ts`;
    const facts = extract(path);
    expect(facts.nodes).toEqual([]);
    expect(edgesOf(facts, 'IMPORTS').map((e) => [e.to, e.props?.specifiers, e.props?.reexport])).toEqual([
      [file(`${APP}/core/auth.guard.ts`), ['*'], true],
      [file(`${APP}/core/auth.service.ts`), ['*'], true],
      [file(`${APP}/core/customer.service.ts`), ['CustomerService'], true],
      [file(`${APP}/core/customer.resolver.ts`), ['CustomerResolver'], true],
      [file(`${APP}/core/tokens.ts`), ['API_BASE_URL'], true],
    ]);
  });

  it('records import() targets as dynamic imports', () => {
    const path = `${APP}/app-routing.module.ts`;
    const facts = extract(path);
    expect(edge(facts, 'IMPORTS', file(path), file(`${APP}/dashboard/dashboard.component.ts`))?.props).toEqual({
      specifiers: [], modules: ['./dashboard/dashboard.component'], dynamic: true,
    });
    expect(edge(facts, 'IMPORTS', file(path), file(`${APP}/orders/orders.module.ts`))?.props?.dynamic).toBe(true);
  });

  it('turns an unresolvable relative import into a file reference and ignores packages', () => {
    const mem = memoryWorkspace({ 'src/a.ts': "import { X } from './missing';\nimport { Y } from 'some-package';\nexport const z = 1;" });
    const facts = mem.extract('src/a.ts', [typescriptExtractor]);
    expect(edgesOf(facts, 'IMPORTS')).toEqual([]);
    expect(facts.refs).toEqual([{ type: 'IMPORTS', from: ids.file(REPO_ID, 'src/a.ts'), target: { kind: 'file', path: 'src/missing' }, props: { specifier: './missing', line: 1 } }]);
  });
});

describe('typescript extractor: dependency injection', () => {
  it('links constructor parameter types through a barrel import', () => {
    const path = `${APP}/customers/customer-list.component.ts`;
    const facts = extract(path);
    expect(edgesOf(facts, 'INJECTS')).toEqual([
      { type: 'INJECTS', from: sym(path, 'CustomerListComponent'), to: sym(`${APP}/core/customer.service.ts`, 'CustomerService'), props: { via: ['constructor'], params: ['customerService'] } },
    ]);
  });

  it('links @Inject(TOKEN) to the token const and keeps package classes as injectsExternal', () => {
    const path = `${APP}/core/customer.service.ts`;
    const facts = extract(path);
    expect(edgesOf(facts, 'INJECTS')).toEqual([
      { type: 'INJECTS', from: sym(path, 'CustomerService'), to: sym(`${APP}/core/tokens.ts`, 'API_BASE_URL'), props: { via: ['constructor'], params: ['baseUrl'], token: true } },
    ]);
    expect(node(facts, sym(path, 'CustomerService'))?.props).toMatchObject({ injects: ['HttpClient', 'API_BASE_URL'], injectsExternal: ['@angular/common/http#HttpClient'] });
    expect(facts.refs).toEqual([]);
  });

  it('links inject() in a field initializer', () => {
    const path = `${APP}/core/customer.resolver.ts`;
    const facts = extract(path);
    expect(edgesOf(facts, 'INJECTS')).toEqual([
      { type: 'INJECTS', from: sym(path, 'CustomerResolver'), to: sym(`${APP}/core/customer.service.ts`, 'CustomerService'), props: { via: ['inject'] } },
    ]);
  });

  it('links inject() inside a functional guard const to the service behind an alias barrel', () => {
    const path = `${APP}/core/feature-flag.guard.ts`;
    const facts = extract(path);
    expect(edgesOf(facts, 'INJECTS')).toEqual([
      { type: 'INJECTS', from: sym(path, 'featureFlagGuard'), to: sym('libs/shared/src/feature-flag.service.ts', 'FeatureFlagService'), props: { via: ['inject'] } },
    ]);
  });

  it('keeps Router as external and AuthService as an edge for a class guard', () => {
    const path = `${APP}/core/auth.guard.ts`;
    const facts = extract(path);
    expect(edgesOf(facts, 'INJECTS').map((e) => e.to)).toEqual([sym(`${APP}/core/auth.service.ts`, 'AuthService')]);
    expect(node(facts, sym(path, 'AuthGuard'))?.props.injectsExternal).toEqual(['@angular/router#Router']);
  });

  it('handles forwardRef, unions and @Attribute, and ignores constructor params of plain classes', () => {
    const mem = memoryWorkspace({
      'src/dep.ts': 'export class Dep {}\nexport class Other {}',
      'src/svc.ts': [
        "import { Dep, Other } from './dep';",
        '@Injectable()',
        'export class Svc {',
        '  constructor(@Inject(forwardRef(() => Dep)) a: unknown, b: Other | null, @Attribute("x") c: string, d: Missing) {}',
        '}',
        'export class Plain { constructor(d: Dep) {} }',
      ].join('\n'),
    });
    const facts = mem.extract('src/svc.ts', [typescriptExtractor]);
    const svc = ids.symbol(REPO_ID, 'src/svc.ts', 'Svc');
    expect(edgesOf(facts, 'INJECTS')).toEqual([
      { type: 'INJECTS', from: svc, to: ids.symbol(REPO_ID, 'src/dep.ts', 'Dep'), props: { via: ['constructor'], params: ['a'], token: true } },
      { type: 'INJECTS', from: svc, to: ids.symbol(REPO_ID, 'src/dep.ts', 'Other'), props: { via: ['constructor'], params: ['b'] } },
    ]);
    expect(facts.refs).toEqual([{ type: 'INJECTS', from: svc, target: { kind: 'symbol', name: 'Missing' }, props: { via: ['constructor'], params: ['d'] } }]);
  });
});

describe('typescript extractor: robustness', () => {
  it('records parse errors of the broken component and still emits what parsed', () => {
    const path = `${APP}/broken/broken.component.ts`;
    const facts = extract(path);
    expect(facts.events.length).toBeGreaterThan(0);
    expect(facts.events.every((e) => e.kind === 'parse_error' && e.parser === 'typescript' && e.path === path)).toBe(true);
    expect(facts.events[0]).toEqual({ kind: 'parse_error', parser: 'typescript', path, message: 'Expression expected.', line: 9 });
    expect(node(facts, sym(path, 'BrokenComponent'))?.props.kind).toBe('class');
  });

  it('reports a file missing from the project as skipped', () => {
    const mem = memoryWorkspace({});
    const facts = mem.extract('src/ghost.ts', [typescriptExtractor]);
    expect(facts.events).toEqual([{ kind: 'skipped', parser: 'typescript', path: 'src/ghost.ts', message: 'file is not in the TypeScript project' }]);
  });
});
