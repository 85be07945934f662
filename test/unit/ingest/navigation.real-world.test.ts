import { describe, expect, it } from 'vitest';
import { navigationExtractor } from '../../../ingest/extractors/navigation/index.js';
import { memoryWorkspace } from '../../support/extract-fixture.js';

describe('navigation extractor: targets named by constants', () => {
  it('folds string enum members and const object paths into the target instead of a :param placeholder', () => {
    const ws = memoryWorkspace({
      'src/app/route-paths.ts': "export enum AppRoute { Orders = 'orders' }\nexport const URLS = { login: '/login' } as const;",
      'src/app/shell.component.ts': [
        "import { AppRoute, URLS } from './route-paths';",
        "@Component({ selector: 'x-shell', template: '' })",
        'export class ShellComponent {',
        '  constructor(private router: Router) {}',
        "  orders(id: string) { this.router.navigate(['/', AppRoute.Orders, id]); }",
        '  logout() { this.router.navigateByUrl(URLS.login); }',
        '}',
      ].join('\n'),
    });
    const facts = ws.extract('src/app/shell.component.ts', [navigationExtractor]);
    expect(facts.nodes.map((n) => [n.props.kind, n.props.targetPath, n.props.resolved])).toEqual([
      ['navigate', '/orders/:id', true],
      ['navigateByUrl', '/login', true],
    ]);
  });
});
