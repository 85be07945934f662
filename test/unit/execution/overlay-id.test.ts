import { describe, expect, it } from 'vitest';
import { overlayParams } from '../../../src/execution/overlay/fact-overlay.js';
import { OVERLAY_MARK, overlayRepoId } from '../../../src/execution/overlay/overlay-id.js';

/** The ingest settings' repoId pattern (ingest/pipeline/settings.ts): an overlay id must pass it. */
const REPO_ID = /^[A-Za-z0-9._-]{1,80}$/;

describe('overlayRepoId', () => {
  it('is deterministic per (repository, work) and distinct across works and repositories', () => {
    const a = overlayRepoId('repo-0123456789abcdef', 'work-a');
    expect(overlayRepoId('repo-0123456789abcdef', 'work-a')).toBe(a);
    expect(a).toMatch(/^repo-0123456789abcdef\.ov-[0-9a-f]{16}$/);
    expect(overlayRepoId('repo-0123456789abcdef', 'work-b')).not.toBe(a);
    expect(overlayRepoId('repo-fedcba9876543210', 'work-a')).not.toBe(a);
  });

  it('starts with the base id and its mark, so a namespace\'s overlays are found by prefix', () => {
    expect(overlayRepoId('test-x-1', 'w').startsWith(`test-x-1${OVERLAY_MARK}`)).toBe(true);
  });

  it('stays within the ingest repoId pattern for the longest base ids', () => {
    const long = 'r'.repeat(80);
    const id = overlayRepoId(long, 'w'.repeat(200));
    expect(id).toMatch(REPO_ID);
    expect(overlayRepoId(long, 'w1')).not.toBe(overlayRepoId(long, 'w2'));
  });
});

describe('overlayParams', () => {
  it('gives null and [] without an overlay or with an empty one, so the queries read the base', () => {
    expect(overlayParams(null)).toEqual({ overlay: { repoId: null, paths: [] } });
    expect(overlayParams(undefined)).toEqual({ overlay: { repoId: null, paths: [] } });
    expect(overlayParams({ repoId: 'r.ov-1', paths: [] })).toEqual({ overlay: { repoId: null, paths: [] } });
  });

  it('passes the overlay namespace and its paths otherwise', () => {
    expect(overlayParams({ repoId: 'r.ov-1', paths: ['a.ts', 'b.html'] })).toEqual({ overlay: { repoId: 'r.ov-1', paths: ['a.ts', 'b.html'] } });
  });
});
