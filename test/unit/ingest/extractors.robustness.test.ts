import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { angularExtractor } from '../../../ingest/extractors/angular/index.js';
import { EXTRACTOR_ERROR } from '../../../ingest/extractors/support/facts.js';
import { routesExtractor } from '../../../ingest/extractors/routes/index.js';
import { templateExtractor } from '../../../ingest/extractors/templates/index.js';
import { typescriptExtractor } from '../../../ingest/extractors/typescript/index.js';
import { ids } from '../../../ingest/model/ids.js';
import type { FileFacts } from '../../../ingest/model/facts.js';
import { validateFacts } from '../../../ingest/write/validate-facts.js';
import { loadWorkspace, memoryWorkspace, REPO_ID, type Workspace } from '../../support/extract-fixture.js';

const EXTRACTORS = [typescriptExtractor, angularExtractor, routesExtractor];

/** Fragments that combine into plausible-looking, mostly broken, Angular TypeScript. */
const FRAGMENTS = [
  '@Component({', '@NgModule({', '@Injectable(', '@Input()', '})', ')', '(', '{', '}', '[', ']', ',', ';', ':', '=>', '...', '\n', '`', '${',
  "'x-a'", "'./b#B'", 'selector:', 'template:', 'export', 'default', 'class A', 'const routes: Routes =', 'constructor(private a: B)',
  'inject(', 'path:', 'component:', 'children:', 'loadChildren:', '() => import(', ').then(m => m.B)', 'RouterModule.forRoot(', 'input(',
];

const ident = fc.constantFrom('A', 'B', 'Foo', 'x');
const value = fc.constantFrom(
  "'x-a'", "'p/:id'", "''", "'./b'", "'./b#B'", "'./missing.html'", '`t ${x}`', 'SEL', "'a' + b", 'A', 'B', '[]', '[A, B]', '{}', '{ b: B }',
  '() => import("./b").then(m => m.B)', '() => import("./b")', '() => B', 'inject(B)', 'forwardRef(() => B)', 'null', 'true', '...X',
  "[{ path: 'c', component: A, children: [{ path: 'd', loadChildren: './b#B' }] }]", "roleGuard('x')", 'makeConfig()', 'input.required<string>()',
);
const key = fc.constantFrom(
  'selector', 'template', 'templateUrl', 'styleUrls', 'styleUrl', 'imports', 'declarations', 'providers', 'providedIn', 'name', 'standalone',
  'inputs', 'path', 'component', 'children', 'loadChildren', 'loadComponent', 'redirectTo', 'canActivate', 'resolve', 'title', 'provide', 'useValue',
);
const object = fc.array(fc.tuple(key, value), { maxLength: 6 }).map((kv) => `{ ${kv.map(([k, v]) => `${k}: ${v}`).join(', ')} }`);
const declaration = fc.oneof(
  fc.tuple(fc.constantFrom('Component', 'NgModule', 'Injectable', 'Directive', 'Pipe', 'Entity'), object, ident).map(
    ([d, o, n]) => `@${d}(${o})\nexport class ${n} {\n  constructor(private a: B, @Inject(X) y: Y) {}\n  @Input('al') i = 1;\n  s = input(0);\n  z = inject(B);\n  m(a: string): void {}\n}`,
  ),
  fc.array(object, { maxLength: 4 }).map((os) => `export const routes: Routes = [${os.join(', ')}];`),
  fc.array(object, { maxLength: 3 }).map((os) => `@NgModule({ imports: [RouterModule.forChild([${os.join(', ')}])] })\nexport class M {}`),
  fc.constantFrom(
    'export interface I { a: string; b?: B }', 'export type T = A | B;', 'export enum E { A, B }', 'export function f<T>(a: T): T { return a; }',
    "import { B } from './b';", "export * from './b';", "export { B as C } from './b';", 'export default class {}', 'export const g = () => inject(B);',
  ),
);
const program = fc.array(declaration, { maxLength: 5 }).map((ds) => ds.join('\n'));
/** A program with a random cut or a deleted span, so the parser has to recover. */
const damaged = fc.tuple(program, fc.nat(), fc.nat({ max: 20 }), fc.boolean()).map(([p, at, len, cut]) => {
  const i = at % (p.length + 1);
  return cut ? p.slice(0, i) : p.slice(0, i) + p.slice(i + len);
});

let ws: Workspace;
beforeAll(() => {
  ws = loadWorkspace();
});

function noDrops(facts: FileFacts): boolean {
  return validateFacts(facts).events.length === facts.events.length;
}

describe('extractors are total', () => {
  it('record parse events for the broken component and never throw', () => {
    const path = 'projects/host/src/app/broken/broken.component.ts';
    const facts = ws.extract(path, EXTRACTORS);
    expect(facts.events.filter((e) => e.kind === 'parse_error').length).toBeGreaterThan(0);
    expect(facts.nodes.find((n) => n.id === ids.symbol(REPO_ID, path, 'BrokenComponent'))?.labels).toEqual(['Symbol', 'Component']);
    expect(noDrops(facts)).toBe(true);
  });

  it('produce only storable facts whose edges point at nodes the fixture yields', () => {
    const paths = [...ws.project.getSourceFiles()].map((f) => f.getFilePath().slice(ws.root.length + 1));
    const all = paths.map((path) => ws.extract(path, EXTRACTORS));
    const known = new Set([...paths.map((p) => ids.file(REPO_ID, p)), ...all.flatMap((f) => f.nodes.map((n) => n.id))]);
    for (const facts of all) {
      expect(noDrops(facts)).toBe(true);
      for (const edge of facts.edges) {
        const to = edge.to.startsWith(`${REPO_ID}:file:`) ? 'file' : edge.to;
        expect(known.has(edge.from), `${facts.path}: ${edge.type} from ${edge.from}`).toBe(true);
        if (to !== 'file') expect(known.has(edge.to), `${facts.path}: ${edge.type} to ${edge.to}`).toBe(true);
      }
    }
    const events = all.flatMap((f) => f.events).filter((e) => !e.path.includes('/broken/'));
    expect(events).toEqual([]);
  });

  it('keep the facts of a class whose decorators have no name (`@({…})`, `@(list[0])`)', () => {
    const mem = memoryWorkspace({
      'src/odd.ts': "@({ imports: [RouterModule.forChild([{ }])] })\n@(registry[0])\n@Component({ selector: 'app-odd', template: '<p></p>' })\nexport class Odd {}",
    });
    const facts = mem.extract('src/odd.ts', [...EXTRACTORS, templateExtractor]);
    expect(facts.events).toEqual([]);
    expect(facts.nodes.find((n) => n.id === ids.symbol(REPO_ID, 'src/odd.ts', 'Odd'))).toMatchObject({ labels: ['Symbol', 'Component'], props: expect.objectContaining({ selector: 'app-odd' }) });
  });

  it('never throw on random TypeScript-ish text', () => {
    const mem = memoryWorkspace({
      'src/b.ts': 'export class B {}\nexport const routes = [];\nexport class X {}\nexport class Y {}',
      'src/x.ts': 'export class X {}',
      'src/f.ts': '',
    });
    const text = fc.oneof(
      program,
      damaged,
      fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 }).map((parts) => parts.join(' ')),
      fc.string({ maxLength: 200 }),
    );
    fc.assert(
      fc.property(text, (source) => {
        mem.write('src/f.ts', source);
        const facts = mem.extract('src/f.ts', EXTRACTORS);
        return noDrops(facts) && facts.events.every((e) => e.path === 'src/f.ts' && !e.message.startsWith(EXTRACTOR_ERROR));
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});
