import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agGridExtractor } from '../../../ingest/extractors/ag-grid/index.js';
import { remoteLoadExtractor } from '../../../ingest/extractors/federation/index.js';
import { navigationExtractor } from '../../../ingest/extractors/navigation/index.js';
import { endpointCallsExtractor } from '../../../ingest/extractors/openapi/index.js';
import { templateExtractor } from '../../../ingest/extractors/templates/index.js';
import { testFileExtractor } from '../../../ingest/extractors/tests/index.js';
import { EXTRACTOR_ERROR } from '../../../ingest/extractors/support/facts.js';
import { validateFacts } from '../../../ingest/write/validate-facts.js';
import { memoryWorkspace } from '../../support/extract-fixture.js';

const TS_EXTRACTORS = [templateExtractor, navigationExtractor, agGridExtractor, remoteLoadExtractor, endpointCallsExtractor, testFileExtractor];

/** Pieces of component / renderer / service / route / spec code, glued at random and often broken. */
const FRAGMENTS = [
  "@Component({ selector: 'x-a', template: `<ag-grid-angular [columnDefs]=\"cols\" [components]=\"comps\"></ag-grid-angular>` })",
  "@Component({ templateUrl: './a.html' })", "@Component({ template: '<a [routerLink]=\"[\\'/x\\', y]\">' })", 'export class A implements ICellRendererAngularComp {',
  'constructor(private router: Router, private http: HttpClient) {}', 'agInit(p) {}', 'refresh() { return false; }', '}', '{', '(', ')', '[', ']', ',', ';',
  "cols: ColDef[] = [{ field: 'a', cellRenderer: A }, ...f(), g('b')];", "comps = { k: A };", "go() { this.router.navigate(['/o', this.id]); }",
  "u() { this.router.navigateByUrl('/o/' + id); }", "h() { return this.http.get(`/api/o/${id}`); }", "r = [{ path: 'x', loadChildren: () => loadRemoteModule({ remoteName: 'm', exposedModule: './M' }) }];",
  "describe('AService', () => { it('x', () => {}); });", "import { B } from './b';", 'function f() { return [{ colId: "z" }]; }', 'const g = (f) => ({ field: f });', '`', '${', '\n',
];
const BASE = `import { A } from './r';
@Component({ selector: 'x-g', template: \`<ag-grid-angular [columnDefs]="cols" [gridOptions]="opts" [components]="comps"></ag-grid-angular>
  @if (x) { <a [routerLink]="['/o', id]">o</a> } <sdf-b (sdfClick)="go()"></sdf-b>\` })
export class G implements ICellRendererAngularComp {
  cols: ColDef[] = [{ field: 'a', cellRenderer: A }, ...f(), g('b'), { field: 'k', cellRenderer: 'k' }, { cellRendererSelector: () => ({ component: A }) }];
  comps = { k: A };
  opts = { frameworkComponents: { k: A } };
  constructor(private router: Router, private http: HttpClient) {}
  agInit(p) {}
  refresh() { return false; }
  go() { this.router.navigate(['/o', this.id]); this.router.navigateByUrl(\`/o/\${this.id}\`); }
  h() { return this.http.get('/api/o/' + this.id); }
}
function f() { return [{ colId: 'z' }]; }
const g = (field: string) => ({ field, headerName: field });
export const routes = [{ path: 'r', loadChildren: () => loadRemoteModule({ remoteName: 'm', exposedModule: './M' }) }];`;
/** The base program with a random cut or a deleted span, so every extractor has to cope with damage. */
const damaged = fc.tuple(fc.nat(), fc.nat({ max: 40 }), fc.boolean()).map(([at, len, cut]) => {
  const i = at % (BASE.length + 1);
  return cut ? BASE.slice(0, i) : BASE.slice(0, i) + BASE.slice(i + len);
});
const program = fc.oneof(damaged, fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 14 }).map((parts) => parts.join(' ')));

describe('template, grid, navigation, federation-load, endpoint and test extractors are total', () => {
  it('never throw and only emit storable facts on random, broken component code', () => {
    fc.assert(fc.property(program, fc.boolean(), (text, spec) => {
      const path = spec ? 'src/a.spec.ts' : 'src/a.ts';
      const ws = memoryWorkspace({ [path]: text, 'src/a.html': '<ag-grid-angular [columnDefs]="cols"></ag-grid-angular><div' });
      const facts = ws.extract(path, TS_EXTRACTORS);
      expect(validateFacts(facts).events).toHaveLength(facts.events.length);
      expect(facts.events.filter((e) => e.message.startsWith(EXTRACTOR_ERROR))).toEqual([]);
      for (const n of facts.nodes) if (typeof n.props.startLine === 'number') expect(n.props.startLine).toBeGreaterThan(0);
    }), { numRuns: 80 });
  }, 60_000);
});
