import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { navigationExtractor } from '../../../ingest/extractors/navigation/index.js';
import { joinCommands, targetFromCommands } from '../../../ingest/extractors/navigation/nav-target.js';
import type { FileFacts } from '../../../ingest/model/facts.js';
import { ids } from '../../../ingest/model/ids.js';
import { loadWorkspace, memoryWorkspace, REPO_ID, type Workspace } from '../../support/extract-fixture.js';

const LINK = 'projects/host/src/app/orders/renderers/order-link-renderer.component.ts';
const EDIT = 'projects/host/src/app/orders/renderers/order-edit-renderer.component.ts';
const nav = (path: string, line: number, col: number) => ids.navTrigger(REPO_ID, path, line, col);
const triggers = (f: FileFacts) => f.nodes.map((n) => [n.id, n.props]);

let ws: Workspace;
beforeAll(() => {
  ws = loadWorkspace();
});

describe('navigation extractor: renderer click handlers', () => {
  it('turns router.navigate([...]) into a resolved trigger fired by the renderer class', () => {
    const facts = ws.extract(LINK, [navigationExtractor]);
    expect(triggers(facts)).toEqual([[nav(LINK, 25, 5), {
      kind: 'navigate', path: LINK, startLine: 25, endLine: 25, expression: "['/orders', this.orderId]", resolved: true,
      className: 'OrderLinkRendererComponent', member: 'open', targetPath: '/orders/:orderId',
    }]]);
    expect(facts.edges).toEqual([{ type: 'TRIGGERS_NAV', from: ids.symbol(REPO_ID, LINK, 'OrderLinkRendererComponent'), to: nav(LINK, 25, 5) }]);
    expect(facts.refs).toEqual([{ type: 'TARGETS', from: nav(LINK, 25, 5), target: { kind: 'routePath', path: '/orders/:orderId', from: LINK } }]);
  });

  it('keeps string-built navigateByUrl URLs unresolved with the expression and a candidate path', () => {
    const facts = ws.extract(EDIT, [navigationExtractor]);
    expect(triggers(facts)).toEqual([
      [nav(EDIT, 27, 5), {
        kind: 'navigateByUrl', path: EDIT, startLine: 27, endLine: 27, expression: "'/orders/' + this.params?.data?.id + '/edit'", resolved: false,
        className: 'OrderEditRendererComponent', member: 'edit', unresolvedReason: 'string-built URL', candidatePath: '/orders/:id/edit',
      }],
      [nav(EDIT, 31, 5), {
        kind: 'navigateByUrl', path: EDIT, startLine: 31, endLine: 31, expression: '`/orders/${this.params?.data?.id}/history`', resolved: false,
        className: 'OrderEditRendererComponent', member: 'history', unresolvedReason: 'string-built URL', candidatePath: '/orders/:id/history',
      }],
    ]);
    expect(facts.refs).toEqual([]);
  });
});

describe('navigation extractor: other forms', () => {
  it('handles relativeTo, literal URLs, non-literal commands and routers found by name', () => {
    const src = `export class A {
  constructor(private nav: Router, private route: ActivatedRoute) {}
  a() { this.nav.navigate(['edit'], { relativeTo: this.route }); }
  b() { this.nav.navigateByUrl('/home?x=1'); }
  c() { this.nav.navigate(this.cmds); }
  d() { this.other.navigate(['/x']); }
  e() { this.nav.navigate(['orders', 3]); }
}`;
    const facts = memoryWorkspace({ 'a.ts': src }).extract('a.ts', [navigationExtractor]);
    expect(facts.nodes.map((n) => [n.props.member, n.props.resolved, n.props.targetPath ?? n.props.unresolvedReason])).toEqual([
      ['a', false, 'relative to the current route'], ['b', true, '/home'], ['c', false, 'commands are not a literal array'], ['e', true, '/orders/3'],
    ]);
  });

  it('joins commands into placeholder paths', () => {
    expect(joinCommands([{ literal: '/orders' }, { dynamic: 'o.id' }, { literal: 'edit' }])).toBe('/orders/:id/edit');
    expect(targetFromCommands([{ literal: '../up' }], true)).toMatchObject({ resolved: false, relative: true });
    fc.assert(fc.property(fc.array(fc.oneof(fc.string().map((literal) => ({ literal })), fc.string().map((dynamic) => ({ dynamic }))), { maxLength: 6 }), (pieces) => {
      const t = targetFromCommands(pieces, true);
      expect(t.resolved ? typeof t.targetPath : typeof t.unresolvedReason).toBe('string');
    }));
  });
});
