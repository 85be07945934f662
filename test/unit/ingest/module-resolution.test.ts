import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Project, ts } from 'ts-morph';
import { forgetModuleResolutions, forgetPathExistence, resolveModulePath } from '../../../ingest/extractors/support/modules.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A project over a real folder (resolution asks the disk), with `files` written into it. */
function onDisk(files: Record<string, string>): { root: string; project: Project; write: (path: string, text: string) => void } {
  const root = mkdtempSync(join(tmpdir(), 'graphgate-resolve-'));
  dirs.push(root);
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  Object.entries(files).forEach(([path, text]) => write(path, text));
  const project = new Project({ skipAddingFilesFromTsConfig: true, skipLoadingLibFiles: true, compilerOptions: { moduleResolution: ts.ModuleResolutionKind.Node10 } });
  return { root, project, write };
}

describe('module resolution remembers what exists on disk for one run', () => {
  it('resolves relative and package specifiers like the compiler', () => {
    const { root, project } = onDisk({ 'src/a.ts': 'export const a = 1;', 'src/lib/index.ts': 'export {};', 'node_modules/pkg/index.d.ts': 'export {};' });
    const from = join(root, 'src/main.ts');
    expect(resolveModulePath(project, from, './a')).toBe(join(root, 'src/a.ts'));
    expect(resolveModulePath(project, from, './lib')).toBe(join(root, 'src/lib/index.ts'));
    expect(resolveModulePath(project, from, 'pkg')).toBe(join(root, 'node_modules/pkg/index.d.ts'));
    expect(resolveModulePath(project, from, './missing')).toBeUndefined();
  });

  it('reads a file or folder existence once per run, and again after forgetPathExistence', () => {
    const { root, project, write } = onDisk({ 'src/main.ts': '' });
    expect(resolveModulePath(project, join(root, 'src/main.ts'), './a')).toBeUndefined();
    expect(resolveModulePath(project, join(root, 'src/feature/page.ts'), 'pkg')).toBeUndefined();
    write('src/a.ts', 'export const a = 1;');
    write('node_modules/pkg/index.d.ts', 'export {};');
    // Another importer, same run: the disk is not asked again (the walk up to node_modules neither).
    expect(resolveModulePath(project, join(root, 'src/deep/page.ts'), '../a')).toBeUndefined();
    expect(resolveModulePath(project, join(root, 'src/other/page.ts'), 'pkg')).toBeUndefined();
    // A new run (syncTsProject forgets existence): new questions see the disk as it is now.
    forgetPathExistence(project);
    expect(resolveModulePath(project, join(root, 'src/deep2/page.ts'), '../a')).toBe(join(root, 'src/a.ts'));
    expect(resolveModulePath(project, join(root, 'src/other2/page.ts'), 'pkg')).toBe(join(root, 'node_modules/pkg/index.d.ts'));
    // Answers already given stay until the snapshot's files move (forgetModuleResolutions).
    expect(resolveModulePath(project, join(root, 'src/main.ts'), './a')).toBeUndefined();
    expect(resolveModulePath(project, join(root, 'src/other/page.ts'), 'pkg')).toBeUndefined();
    forgetModuleResolutions(project);
    expect(resolveModulePath(project, join(root, 'src/main.ts'), './a')).toBe(join(root, 'src/a.ts'));
    expect(resolveModulePath(project, join(root, 'src/other/page.ts'), 'pkg')).toBe(join(root, 'node_modules/pkg/index.d.ts'));
  });
});
