import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { angularExtractor } from '../../../ingest/extractors/angular/index.js';
import { routesExtractor } from '../../../ingest/extractors/routes/index.js';
import { typescriptExtractor } from '../../../ingest/extractors/typescript/index.js';
import { ids } from '../../../ingest/model/ids.js';
import type { FileFacts } from '../../../ingest/model/facts.js';
import { validateFacts } from '../../../ingest/write/validate-facts.js';
import { loadWorkspace, memoryWorkspace, REPO_ID, type Workspace } from '../../support/extract-fixture.js';

const EXTRACTORS = [typescriptExtractor, angularExtractor, routesExtractor];

/** Fragments that combine into plausible-looking, often broken, Angular TypeScript. */
const FRAGMENTS = [
  '@Component({', '@NgModule({', '@Injectable(', '@Pipe({ name:', '@Directive(', '@Input()', '@Output(', '@Inject(', '})', ')', '(', '{', '}',
  '[', ']', ',', ';', ':', '=', '=>', '...', '\n', '`', '${', "'x-a'", '"./b"', "'./x#X'", 'selector:', 'template:', 'templateUrl:',
  'styleUrls:', 'imports:', 'declarations:', 'providers:', 'export', 'default', 'class A', 'class', 'interface I', 'type T =', 'enum E',
  'function f', 'const routes: Routes =', 'const', 'let', 'constructor(private a: B)', 'constructor(', 'inject(B)', 'inject(', 'path:', "''",
  "'p/:id'", 'component:', 'children:', 'loadChildren:', 'loadComponent:', '() => import(', ').then(m => m.B)', 'redirectTo:', 'canActivate:',
  'resolve:', 'RouterModule.forRoot(', 'RouterModule.forChild(', 'provideRouter(', 'import { B } from', "'@angular/core'", 'A', 'B', 'X',
  'input(', 'model(', 'output(', 'forwardRef(() => B)', 'satisfies Routes', 'as const', 'namespace N', 'declare', 'get g()', 'set s(v)',
];

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

  it('never throw on random TypeScript-ish text', () => {
    const mem = memoryWorkspace({
      'src/b.ts': 'export class B {}\nexport const routes = [];',
      'src/x.ts': 'export class X {}',
      'src/f.ts': '',
    });
    const text = fc.oneof(
      fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 }).map((parts) => parts.join(' ')),
      fc.string({ maxLength: 200 }),
    );
    fc.assert(
      fc.property(text, (source) => {
        mem.write('src/f.ts', source);
        const facts = mem.extract('src/f.ts', EXTRACTORS);
        return noDrops(facts) && facts.events.every((e) => e.path === 'src/f.ts');
      }),
      { numRuns: 150 },
    );
  });
});
