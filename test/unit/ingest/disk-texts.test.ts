import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectFileText } from '../../../ingest/extractors/support/project-files.js';
import { createTsProjectCache } from '../../../ingest/pipeline/project-cache.js';
import { attachRepoFiles, createTsProject } from '../../../ingest/pipeline/ts-project.js';
import { silentLogger } from '../../../src/runtime/logger.js';

// A text test (an `export *` lookup, the loader scan) reads a file the project does not hold from
// disk: once per snapshot hash, then from memory, for every name it is asked.
describe('texts read on demand', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'gg-texts-'));
    writeFileSync(join(root, 'a.ts'), 'export class A {}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('are read once per content hash of the snapshot, and again when the hash moves', () => {
    const cache = createTsProjectCache();
    const project = createTsProject(root, silentLogger);
    const attach = (sha256: string) => attachRepoFiles(cache, root, project, new Set(['a.ts']), new Map(), new Map([['a.ts', { sha256 }]]));
    attach('h1');
    expect(projectFileText(project, join(root, 'a.ts'))).toBe('export class A {}');
    // Changed on disk behind the snapshot's back: the text read for h1 is the one h1 describes.
    writeFileSync(join(root, 'a.ts'), 'export class B {}');
    expect(projectFileText(project, join(root, 'a.ts'))).toBe('export class A {}');
    // The next run's snapshot has the new hash: read again.
    attach('h2');
    expect(projectFileText(project, join(root, 'a.ts'))).toBe('export class B {}');
  });
});
