import { describe, expect, it } from 'vitest';
import { Project, ts } from 'ts-morph';
import { attachOnDemandFiles } from '../../../ingest/extractors/support/project-files.js';
import { mayExport, walkStarTargets } from '../../../ingest/extractors/support/star-exports.js';
import { moduleScopeOf } from '../../../ingest/extractors/support/syntax-scope.js';
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

describe('a walk of the stars ahead of any lookup (the idle warm-up)', () => {
  const files = {
    'lib/index.ts': "export * from './a';\nexport * from './nested';\nexport * from './nested';\nexport * from 'some-package';",
    'lib/a.ts': 'export class Alpha {}',
    'lib/nested.ts': "export * from './deep';\nexport * from './index';",
    'lib/deep.ts': 'export class Wanted {}',
  };

  it('parses the barrels and reads the providers without parsing them, and a lookup then answers as before', () => {
    const read: string[] = [];
    const { project, parsed } = onDemandProject(files);
    const env = { root: '/repo', project };
    const text = (path: string): string => (read.push(path), files[path as keyof typeof files]);
    attachOnDemandFiles(project, { root: '/repo', paths: new Set(Object.keys(files)), text, load: (path) => project.addSourceFileAtPath(`/repo/${path}`) });
    const seen = new Set<string>();
    walkStarTargets(env, project.addSourceFileAtPath('/repo/lib/index.ts').compilerNode, seen, 100);
    // The cycle back to the index and the repeated star are walked once; the package is not a repository file.
    expect([...seen].sort()).toEqual(['/repo/lib/a.ts', '/repo/lib/deep.ts', '/repo/lib/index.ts', '/repo/lib/nested.ts']);
    expect(parsed()).toEqual(['lib/index.ts', 'lib/nested.ts']);
    expect(read.sort()).toEqual(['lib/a.ts', 'lib/deep.ts', 'lib/nested.ts']);
    const barrel = project.getSourceFileOrThrow('/repo/lib/index.ts').compilerNode;
    expect(declaringFile(exportedDeclarations(env, barrel, 'Wanted').decls)).toEqual(['lib/deep.ts']);
    expect(parsed()).toEqual(['lib/deep.ts', 'lib/index.ts', 'lib/nested.ts']);
  });

  it('stops once it reached the files it may', () => {
    const { project, parsed } = onDemandProject(files);
    const seen = new Set<string>();
    walkStarTargets({ root: '/repo', project }, project.addSourceFileAtPath('/repo/lib/index.ts').compilerNode, seen, 2);
    expect(seen.size).toBe(2);
    expect(parsed()).toEqual(['lib/index.ts']);
  });
});

describe('the text test before a star target is parsed', () => {
  // Every form that puts `Name` among a module's exports (moduleScopeOf): the test must pass each one.
  const exporting = [
    'export class Name {}', '@Injectable()\nexport class Name {}', 'export abstract class Name {}', 'export declare abstract class Name {}',
    'export default class Name {}', 'export interface Name<T> {}', 'export type Name = string;', 'export enum Name { A }',
    'export const enum Name { A }', 'export declare const enum Name { A }', 'export function Name() {}', 'export async function Name() {}',
    'export function* Name() {}', 'export namespace Name {}', 'export declare module Name {}', 'export import Name = Other.Thing;',
    'export const Name = 1;', 'export const a = () => { return 1; }, Name = 2;', 'export const { a, Name } = source;',
    'export let [Name] = list;', 'export declare var Name: number;',
    'class Local {}\nexport { Local as Name };', 'const Name = 1;\nexport {\n  other,\n  Name,\n};', "export { Name } from './x';",
    "export type { Name } from './x';", "export { x as Name } from './x';", 'export /* kept */ class Name {}',
  ];
  it('passes every form that exports the name', () => {
    const exportsName = (text: string): boolean => moduleScopeOf(ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest)).exports.has('Name');
    // The samples are what they claim: all but two export `Name` (a default export and an import alias do not).
    expect(exporting.filter((text) => !exportsName(text))).toEqual(['export default class Name {}', 'export import Name = Other.Thing;']);
    for (const text of exporting) expect(mayExport(text, 'Name'), text).toBe(true);
    expect(mayExport("export const $Name = 1;", '$Name')).toBe(true);
  });

  it('skips files that only import or use the name, or declare it without exporting it', () => {
    for (const text of [
      "import { Name } from '@lib/core';\nexport class User { constructor(private n: Name) {} }",
      'class Name {}\nexport class Other {}', "export class NameService {}\nexport type Names = string[];", 'const x = Name;',
      "export function make() { return new Name(); }",
    ]) expect(mayExport(text, 'Name'), text).toBe(false);
    // After an exported variable any mention counts: a later declarator may be it.
    expect(mayExport("export const a = 1;\nconsole.log(Name);", 'Name')).toBe(true);
  });
});

