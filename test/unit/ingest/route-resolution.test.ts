import { describe, expect, it } from 'vitest';
import { ancestorFolders, projectRootOf, sameAppFirst, sharedFolderDepth } from '../../../ingest/write/ref-match.js';
import { refKey, targetKeys } from '../../../ingest/write/ref-keys.js';
import { bestRouteMatches, chooseRoute, routeCandidate } from '../../../ingest/write/route-resolver.js';

const NO_MARKERS = new Set<string>();
const rootBySrc = (path: string) => projectRootOf(path, NO_MARKERS);

describe('project roots', () => {
  it('takes the nearest folder holding a project marker, else the folder above src/, else none', () => {
    expect(ancestorFolders('apps/shell/src/app/x.ts')).toEqual(['apps/shell/src/app', 'apps/shell/src', 'apps/shell', 'apps']);
    expect(projectRootOf('projects/host/src/app/orders/x.ts', NO_MARKERS)).toBe('projects/host');
    expect(projectRootOf('src/app/x.ts', NO_MARKERS)).toBe('');
    expect(projectRootOf('apps/mysrc/app/x.ts', NO_MARKERS)).toBeUndefined();
    expect(projectRootOf('ClientApp/app/x.ts', NO_MARKERS)).toBeUndefined();
    // A marker wins over the src/ convention (apps nested in a root src/ folder).
    expect(projectRootOf('src/apps/a/app/x.ts', new Set(['src/apps/a']))).toBe('src/apps/a');
    expect(projectRootOf('src/apps/b/app/x.ts', new Set(['src/apps/a']))).toBe('');
  });

  it('counts shared leading folders', () => {
    expect(sharedFolderDepth('a/b/x.ts', 'a/c/y.ts')).toBe(1);
    expect(sharedFolderDepth('a/b/x.ts', 'a/b/y.ts')).toBe(2);
    expect(sharedFolderDepth('x.ts', 'a/y.ts')).toBe(0);
  });
});

describe('same-app preference', () => {
  const files = ['apps/shell/src/app/app.routes.ts', 'apps/orders/src/app/app.routes.ts'];
  const id = (f: string) => f;

  it('keeps the candidates of the referring file’s project', () => {
    expect(sameAppFirst(files, id, 'apps/shell/src/app/nav/menu.component.html', rootBySrc)).toEqual([files[0]]);
    expect(sameAppFirst(files, id, 'apps/orders/src/app/x.ts', rootBySrc)).toEqual([files[1]]);
  });

  it('keeps everything for a file of neither app, or without a referring file', () => {
    expect(sameAppFirst(files, id, 'libs/ui/src/lib/nav.ts', rootBySrc)).toEqual(files);
    expect(sameAppFirst(files, id, undefined, rootBySrc)).toEqual(files);
  });

  it('falls back to the most shared folders when project roots do not decide', () => {
    const odd = ['web/admin/routes.ts', 'web/shop/routes.ts'];
    expect(sameAppFirst(odd, id, 'web/admin/pages/x.ts', rootBySrc)).toEqual([odd[0]]);
    expect(sameAppFirst(odd, id, 'web/x.ts', rootBySrc)).toEqual(odd);
  });
});

describe('route resolution across apps', () => {
  const shellRoot = routeCandidate({ id: 'shell:/', file: 'apps/shell/src/app/app.routes.ts', fullPath: '/' });
  const shellOrders = routeCandidate({ id: 'shell:/orders', file: 'apps/shell/src/app/app.routes.ts', fullPath: '/orders' });
  const remoteRoot = routeCandidate({ id: 'remote:/', file: 'apps/remote/src/app/remote.routes.ts', fullPath: '/' });
  const remoteOrders = routeCandidate({ id: 'remote:/orders', file: 'apps/remote/src/app/remote.routes.ts', fullPath: '/orders' });
  const remoteFlights = routeCandidate({ id: 'remote:/flights', file: 'apps/remote/src/app/remote.routes.ts', fullPath: '/flights', fullPaths: ['/flights', '/booking/flights'] });
  const routes = [shellRoot, shellOrders, remoteRoot, remoteOrders, remoteFlights];
  const resolve = (path: string, from?: string) => chooseRoute(bestRouteMatches(routes, path), from, rootBySrc);

  it('resolves each app’s links to its own routes', () => {
    expect(resolve('/', 'apps/shell/src/app/nav.component.html')).toEqual({ status: 'resolved', targetIds: ['shell:/'] });
    expect(resolve('/orders', 'apps/shell/src/app/nav.component.html')).toEqual({ status: 'resolved', targetIds: ['shell:/orders'] });
    expect(resolve('/orders', 'apps/remote/src/app/home.component.ts')).toEqual({ status: 'resolved', targetIds: ['remote:/orders'] });
  });

  it('keeps every app’s route when the referring file belongs to neither app: one URL pattern in each app that hosts it', () => {
    expect(resolve('/orders', 'libs/ui/src/lib/nav.ts')).toEqual({ status: 'resolved', targetIds: ['shell:/orders', 'remote:/orders'] });
    expect(resolve('/orders')).toEqual({ status: 'resolved', targetIds: ['shell:/orders', 'remote:/orders'] });
  });

  it('is ambiguous only when the preferred routes have several URL patterns', () => {
    const shellDetail = routeCandidate({ id: 'shell:/orders/:id', file: 'apps/shell/src/app/app.routes.ts', fullPath: '/orders/:id' });
    const remoteDetail = routeCandidate({ id: 'remote:/orders/:orderId', file: 'apps/remote/src/app/remote.routes.ts', fullPath: '/orders/:orderId' });
    const pair = [shellDetail, remoteDetail];
    expect(chooseRoute(bestRouteMatches(pair, '/orders/7'), 'libs/ui/src/lib/nav.ts', rootBySrc)).toEqual({ status: 'ambiguous', targetIds: ['shell:/orders/:id', 'remote:/orders/:orderId'], reason: '2 route patterns match' });
    expect(chooseRoute(bestRouteMatches(pair, '/orders/7'), 'apps/remote/src/app/list.component.html', rootBySrc)).toEqual({ status: 'resolved', targetIds: ['remote:/orders/:orderId'] });
  });

  it('matches the host URLs a remote route is mounted under (fullPaths)', () => {
    expect(resolve('/booking/flights', 'apps/shell/src/app/nav.component.html')).toEqual({ status: 'resolved', targetIds: ['remote:/flights'] });
    expect(resolve('/flights', 'apps/remote/src/app/x.ts')).toEqual({ status: 'resolved', targetIds: ['remote:/flights'] });
    expect(bestRouteMatches(routes, '/booking/flights').map((m) => m.pattern)).toEqual(['booking/flights']);
  });

  it('treats routes with one URL pattern as one URL, and several patterns within the app as ambiguous', () => {
    const lazyParent = routeCandidate({ id: 'shell:/orders(lazy)', file: 'apps/shell/src/app/orders/orders.routes.ts', fullPath: '/orders/' });
    expect(chooseRoute(bestRouteMatches([shellOrders, lazyParent, remoteOrders], '/orders'), 'apps/shell/src/app/x.ts', rootBySrc)).toEqual({ status: 'resolved', targetIds: ['shell:/orders', 'shell:/orders(lazy)'] });
    const a = routeCandidate({ id: 'a', file: 'apps/shell/src/app/a.routes.ts', fullPath: '/:section' });
    const b = routeCandidate({ id: 'b', file: 'apps/shell/src/app/deep/b.routes.ts', fullPath: '/:page' });
    expect(chooseRoute(bestRouteMatches([a, b], '/x'), 'apps/shell/src/app/deep/x.ts', rootBySrc)).toEqual({ status: 'ambiguous', targetIds: ['a', 'b'], reason: '2 route patterns match' });
    expect(chooseRoute([], 'apps/shell/src/app/x.ts', rootBySrc)).toEqual({ status: 'unresolved', targetIds: [], reason: 'no route matches' });
  });

  it('keeps the route key independent of the referring file, so route changes still re-link the reference', () => {
    expect(refKey({ kind: 'routePath', path: '/orders', from: 'apps/shell/src/app/x.ts' })).toBe(targetKeys(['Route'], { fullPath: '/orders' })[0]);
  });
});
