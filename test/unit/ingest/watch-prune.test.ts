import { describe, expect, it } from 'vitest';
import { createPathFilter } from '../../../ingest/pipeline/discovery.js';
import { resolveSettings } from '../../../ingest/pipeline/settings.js';
import { prunableFolder } from '../../../ingest/pipeline/watch.js';

describe('which folders the watcher does not enter', () => {
  const keep = createPathFilter(resolveSettings('/nonexistent-root'));
  const prunable = (folder: string): boolean => prunableFolder(keep, folder);

  it('skips folders no ingested file can be in', () => {
    expect(['node_modules', 'apps/web/node_modules', 'dist', '.git', '.worktrees', '.angular', 'coverage', '.ai/tmp'].filter(prunable))
      .toEqual(['node_modules', 'apps/web/node_modules', 'dist', '.git', '.worktrees', '.angular', 'coverage', '.ai/tmp']);
  });

  it('enters source folders and the way to the policy inputs, though .ai is excluded from discovery', () => {
    expect(['src', 'src/app/orders', 'libs/ui', '.ai', '.ai/graph', '.ai/graph/seed', '.ai/graph/seed/team', '.ai/memory'].filter(prunable)).toEqual([]);
  });

  it('keeps a folder whose exclusion covers only some of its files', () => {
    const specsOut = createPathFilter(resolveSettings('/nonexistent-root', { exclude: ['src/legacy/*.ts'] }));
    expect(prunableFolder(specsOut, 'src/legacy')).toBe(false);
    const allOut = createPathFilter(resolveSettings('/nonexistent-root', { exclude: ['src/generated/**'] }));
    expect(prunableFolder(allOut, 'src/generated')).toBe(true);
  });
});
