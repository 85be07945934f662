import { describe, expect, it } from 'vitest';
import { Project, ts } from 'ts-morph';
import { attachOnDemandFiles, projectFilesWhere } from '../../../ingest/extractors/support/project-files.js';

// A warm watcher rebuilds the lazy-route index after every change; the files it does not hold are
// tested by text, and a file whose hash did not move is not read again for a named test.
describe('projectFilesWhere with remembered text tests', () => {
  const files: Record<string, string> = {
    'a.routes.ts': "export const routes = [{ path: 'a', loadChildren: () => import('./b') }];",
    'b.ts': 'export class B {}',
    'c.ts': 'export const c = 1;',
  };
  const hashes: Record<string, string> = { 'a.routes.ts': 'h1', 'b.ts': 'h2', 'c.ts': 'h3' };
  const results = new Map<string, Map<string, { sha256: string; pass: boolean }>>();

  const attach = () => {
    const project = new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true, compilerOptions: { target: ts.ScriptTarget.ES2022 } });
    const fs = project.getFileSystem();
    for (const [path, text] of Object.entries(files)) fs.writeFileSync(`/repo/${path}`, text);
    const read: string[] = [];
    attachOnDemandFiles(project, {
      root: '/repo', paths: new Set(Object.keys(files)),
      text: (path) => (read.push(path), files[path]),
      load: (path) => project.addSourceFileAtPath(`/repo/${path}`),
      tested: { results, sha256: (path) => hashes[path] },
    });
    return { project, read };
  };
  const loaders = (project: Project) =>
    projectFilesWhere(project, (text) => text.includes('loadChildren'), 'route-loader').map((f) => f.getBaseName());

  it('reads each file once, then only the files whose hash moved', () => {
    const first = attach();
    expect(loaders(first.project)).toEqual(['a.routes.ts']);
    expect(first.read.sort()).toEqual(['a.routes.ts', 'b.ts', 'c.ts']);

    const second = attach();
    expect(loaders(second.project)).toEqual(['a.routes.ts']);
    expect(second.read).toEqual([]);

    files['c.ts'] = "export const more = [{ path: 'c', loadChildren: () => import('./b') }];";
    hashes['c.ts'] = 'h3b';
    const third = attach();
    third.project.getFileSystem().writeFileSync('/repo/c.ts', files['c.ts']);
    expect(loaders(third.project)).toEqual(['a.routes.ts', 'c.ts']);
    expect(third.read).toEqual(['c.ts']);
  });

  it('without a name every file not in the project is read', () => {
    const { project, read } = attach();
    expect(projectFilesWhere(project, (text) => text.includes('loadChildren')).map((f) => f.getBaseName())).toEqual(['a.routes.ts', 'c.ts']);
    expect(read.filter((p) => p === 'b.ts')).toHaveLength(1);
  });
});
