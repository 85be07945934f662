import { describe, expect, it } from 'vitest';
import { Project, ts } from 'ts-morph';
import { attachOnDemandFiles } from '../../../ingest/extractors/support/project-files.js';
import { exportedDeclarations, registerProjectRoot } from '../../../ingest/extractors/support/syntax-resolve.js';

/** A project that holds no file: every file is on disk (in memory) and parsed when resolution first needs it. */
function onDemandProject(files: Record<string, string>): { project: Project; parsed: () => string[] } {
  const project = new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true, compilerOptions: { target: ts.ScriptTarget.ES2022 } });
  const fs = project.getFileSystem();
  for (const [path, text] of Object.entries(files)) fs.writeFileSync(`/repo/${path}`, text);
  registerProjectRoot(project, '/repo');
  attachOnDemandFiles(project, {
    root: '/repo', paths: new Set(Object.keys(files)), text: (path) => files[path],
    load: (path) => project.addSourceFileAtPath(`/repo/${path}`),
  });
  return { project, parsed: () => project.getSourceFiles().map((f) => f.getFilePath().replace('/repo/', '')).sort() };
}

const declaringFile = (decls: ts.Node[]): string[] => decls.map((d) => d.getSourceFile().fileName.replace('/repo/', ''));

describe('export * behind an on-demand project', () => {
  const files = {
    'lib/index.ts': "export * from './a';\nexport * from './nested';\nexport * from './late';\nexport * from './unrelated';",
    'lib/a.ts': 'export class Alpha {}',
    'lib/nested.ts': "export * from './deep';",
    'lib/deep.ts': 'export class Wanted {}\nexport const Twice = 1;',
    'lib/late.ts': 'export const Twice = 2;\nexport class Wanted2 {}',
    'lib/unrelated.ts': 'export class Other {}',
  };

  it('finds the first target that provides a name, parsing only the targets whose text could provide it', () => {
    const { project, parsed } = onDemandProject(files);
    const barrel = project.addSourceFileAtPath('/repo/lib/index.ts').compilerNode;
    const env = { root: '/repo', project };
    expect(declaringFile(exportedDeclarations(env, barrel, 'Wanted').decls)).toEqual(['lib/deep.ts']);
    // Alpha's and Other's files do not name `Wanted` and have no export * of their own: never parsed.
    expect(parsed()).toEqual(['lib/deep.ts', 'lib/index.ts', 'lib/nested.ts']);
    // Two targets export `Twice`: the first in source order (through the nested star) wins, as in the checker.
    expect(declaringFile(exportedDeclarations(env, barrel, 'Twice').decls)).toEqual(['lib/deep.ts']);
    expect(declaringFile(exportedDeclarations(env, barrel, 'Other').decls)).toEqual(['lib/unrelated.ts']);
    expect(exportedDeclarations(env, barrel, 'Missing').decls).toEqual([]);
  });

  it('answers as the index of a project that holds every file', () => {
    const lazy = onDemandProject(files);
    const full = onDemandProject(files);
    for (const path of Object.keys(files)) full.project.addSourceFileAtPath(`/repo/${path}`);
    for (const name of ['Alpha', 'Wanted', 'Twice', 'Wanted2', 'Other', 'Missing']) {
      const a = exportedDeclarations({ root: '/repo', project: lazy.project }, lazy.project.addSourceFileAtPath('/repo/lib/index.ts').compilerNode, name);
      const b = exportedDeclarations({ root: '/repo', project: full.project }, full.project.getSourceFileOrThrow('/repo/lib/index.ts').compilerNode, name);
      expect(declaringFile(a.decls)).toEqual(declaringFile(b.decls));
    }
  });
});
