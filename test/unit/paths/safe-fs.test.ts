import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/errors/index.js';
import { resolveExisting, writeFileNoFollow } from '../../../src/paths/index.js';

/** Real files on a temp folder: the filesystem half of path safety (no database involved). */
describe('safe-fs', () => {
  let parent: string;
  let root: string;
  let evil: string;
  beforeAll(() => {
    parent = realpathSync(mkdtempSync(join(tmpdir(), 'gg-paths-')));
    root = join(parent, 'repo');
    evil = join(parent, 'repo-evil');
    mkdirSync(join(root, 'src'), { recursive: true });
    mkdirSync(evil);
    writeFileSync(join(root, 'src/a.ts'), 'a');
    writeFileSync(join(evil, 'secret'), 's');
    symlinkSync(join(evil, 'secret'), join(root, 'src/out-link'));
    symlinkSync(evil, join(root, 'dir-link'));
    symlinkSync(join(root, 'src/a.ts'), join(root, 'src/in-link'));
  });
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  const code = async (p: Promise<unknown>) => p.then(() => 'ok', (e: AppError) => `${e.code}:${String(e.details.reason ?? '')}`);

  it('resolves a file inside the root to its repo-relative path', async () => {
    expect(await resolveExisting(root, './src//a.ts')).toEqual({ absolute: join(root, 'src/a.ts'), relative: 'src/a.ts' });
  });

  it('resolves an in-repo symlink to its target (callers scope-check the target)', async () => {
    expect((await resolveExisting(root, 'src/in-link')).relative).toBe('src/a.ts');
  });

  it('refuses symlinks that leave the root, including into a prefix-sharing sibling', async () => {
    expect(await code(resolveExisting(root, 'src/out-link'))).toBe('PATH_REJECTED:outside_root');
    expect(await code(resolveExisting(root, 'dir-link/secret'))).toBe('PATH_REJECTED:outside_root');
    expect(await code(resolveExisting(root, '../repo-evil/secret'))).toBe('PATH_REJECTED:traversal');
  });

  it('reports a missing file as NOT_FOUND', async () => {
    expect(await code(resolveExisting(root, 'src/missing.ts'))).toBe('NOT_FOUND:');
  });

  it('writes new files and folders under the base, never through a symlink', async () => {
    const written = await writeFileNoFollow(root, ['.ai', 'tmp'], 'n/x.md', 'hello');
    expect(written.relative).toBe('.ai/tmp/n/x.md');
    expect(readFileSync(join(root, '.ai/tmp/n/x.md'), 'utf8')).toBe('hello');
    expect(await code(writeFileNoFollow(root, [], 'dir-link/pwned', 'x'))).toBe('PATH_REJECTED:outside_root');
    expect(existsSync(join(evil, 'pwned'))).toBe(false);
    expect(await code(writeFileNoFollow(root, ['src'], 'out-link', 'x'))).toBe('PATH_REJECTED:outside_root');
    expect(readFileSync(join(evil, 'secret'), 'utf8')).toBe('s');
    expect(await code(writeFileNoFollow(root, ['dir-link'], 'x', 'x'))).toBe('PATH_REJECTED:outside_root');
  });
});
