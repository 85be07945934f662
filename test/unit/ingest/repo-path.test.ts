import { isAbsolute, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoPathOf } from '../../../ingest/extractors/support/source.js';

/** What repoPathOf answered before its fast path: `path.relative` for every call. */
function byRelative(root: string, path: string): string | undefined {
  const rel = relative(root, path).split(sep).join('/');
  if (!rel || rel.startsWith('../') || rel === '..' || isAbsolute(rel)) return undefined;
  return rel.split('/').includes('node_modules') ? undefined : rel;
}

function* pathsUnder(prefix: string, depth: number): Generator<string> {
  yield prefix;
  if (depth === 0) return;
  for (const segment of ['a', '.', '..', '', 'node_modules', 'node_modules2', '.hidden', '...', 'b.ts']) yield* pathsUnder(`${prefix}/${segment}`, depth - 1);
}

describe('repoPathOf', () => {
  it('gives the repo path of a file below the root, and nothing outside it or under node_modules', () => {
    expect(repoPathOf('/repo', '/repo/src/app/app.component.ts')).toBe('src/app/app.component.ts');
    expect(repoPathOf('/repo', '/repo/node_modules/@angular/core/index.d.ts')).toBeUndefined();
    expect(repoPathOf('/repo', '/repo/libs/x/node_modules/y.ts')).toBeUndefined();
    expect(repoPathOf('/repo', '/repo/node_modules2/y.ts')).toBe('node_modules2/y.ts');
    expect(repoPathOf('/repo', '/repository/a.ts')).toBeUndefined();
    expect(repoPathOf('/repo', '/repo/../etc/passwd')).toBeUndefined();
    expect(repoPathOf('/repo', '/repo')).toBeUndefined();
  });

  it('answers as path.relative does for odd roots and paths (empty, `.` and `..` segments, trailing slashes)', () => {
    const roots = ['/r', '/r/', '/', '/r/a', '/r/./a', '/r//a', '/r/../r', '//r', 'r', '/r/..'];
    let compared = 0;
    for (const root of roots) {
      for (const path of [...pathsUnder('/r', 4), '/r/', '/x/a', '/rr/a', 'r/a', '/r/a/', '/r/a//']) {
        expect(repoPathOf(root, path), `${root} ${path}`).toBe(byRelative(root, path));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(60_000);
  });
});
