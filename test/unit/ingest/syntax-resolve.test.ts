import { describe, expect, it } from 'vitest';
import { ts } from 'ts-morph';
import { resolveName, type Resolution } from '../../../ingest/extractors/support/syntax-resolve.js';
import { isDefaultExported } from '../../../ingest/extractors/support/syntax-scope.js';
import { memoryWorkspace, type Workspace } from '../../support/extract-fixture.js';

/** The identifier `name` at its `nth` occurrence in a file (0 = first). */
function identifierIn(ws: Workspace, path: string, name: string, nth = 0): ts.Identifier {
  const sf = ws.project.getSourceFileOrThrow(`/repo/${path}`).compilerNode;
  const found: ts.Identifier[] = [];
  const walk = (n: ts.Node): void => {
    if (ts.isIdentifier(n) && n.text === name) found.push(n);
    ts.forEachChild(n, walk);
  };
  walk(sf);
  const id = found[nth];
  if (!id) throw new Error(`no ${name} #${nth} in ${path}`);
  return id;
}

/** `path#kind` of each declaration, for readable expectations. */
function where(r: Resolution): string[] {
  return r.decls.map((d) => `${d.getSourceFile().fileName.replace('/repo/', '')}#${ts.SyntaxKind[d.kind]}`);
}

const resolve = (ws: Workspace, path: string, name: string, nth = 0): Resolution => resolveName({ root: '/repo', project: ws.project }, identifierIn(ws, path, name, nth));

describe('syntax-only name resolution (no type checker)', () => {
  const ws = memoryWorkspace({
    'lib/grid.ts': 'export class Grid {}\nexport default class Fallback {}\nexport enum Mode { Read = "read" }',
    'lib/util.ts': 'const helper = 1;\nexport { helper as tool };\nexport const PATHS = { admin: { users: "users" } } as const;',
    'lib/index.ts': "export * from './grid';\nexport { tool as renamed } from './util';\nexport * from './index';",
    'lib/cycle-a.ts': "export * from './cycle-b';",
    'lib/cycle-b.ts': "export * from './cycle-a';",
    'app/main.ts': [
      "import { Grid, renamed, Missing } from '../lib';",
      "import Fallback, { Mode } from '../lib/grid';",
      "import * as u from '../lib/util';",
      "import { Nothing } from '../lib/cycle-a';",
      "import { of } from 'rxjs';",
      'const Grid2 = Grid;',
      'class Service { constructor(private readonly store: Grid) {} }',
      'export class Page {',
      '  constructor(private Grid: Grid) {}',
      '  load(Fallback: number) { return [Fallback, this.open, this.Grid, Mode.Read, u.PATHS.admin.users, renamed, Missing, Nothing, of]; }',
      '  open() {}',
      '}',
    ].join('\n'),
  });

  it('follows named imports through `export *` barrels and renamed re-exports to the declaring file', () => {
    expect(where(resolve(ws, 'app/main.ts', 'Grid'))).toEqual(['lib/grid.ts#ClassDeclaration']);
    // `renamed` → lib/index re-exports util's `tool` → util exports the local `helper`.
    expect(where(resolve(ws, 'app/main.ts', 'renamed', 1))).toEqual(['lib/util.ts#VariableDeclaration']);
  });

  it('reads default imports, enum members and nested const objects through a namespace import', () => {
    expect(where(resolve(ws, 'app/main.ts', 'Fallback'))).toEqual(['lib/grid.ts#ClassDeclaration']);
    expect(where(resolve(ws, 'app/main.ts', 'Read'))).toEqual(['lib/grid.ts#EnumMember']);
    expect(where(resolve(ws, 'app/main.ts', 'users'))).toEqual(['lib/util.ts#PropertyAssignment']);
    expect(resolve(ws, 'app/main.ts', 'users').module).toBe('../lib/util');
  });

  it('lets a parameter shadow a module name for values but not for types', () => {
    // `load(Fallback: number)` then `[Fallback, …]`: the parameter (occurrence 1 is the parameter name, 2 its use).
    expect(where(resolve(ws, 'app/main.ts', 'Fallback', 2))).toEqual(['app/main.ts#Parameter']);
    // `constructor(private Grid: Grid)`: the type annotation (occurrence 4) is still the imported class.
    expect(where(resolve(ws, 'app/main.ts', 'Grid', 4))).toEqual(['lib/grid.ts#ClassDeclaration']);
  });

  it('resolves `this.x` to the class member or constructor parameter property', () => {
    expect(where(resolve(ws, 'app/main.ts', 'open'))).toEqual(['app/main.ts#MethodDeclaration']);
    expect(where(resolve(ws, 'app/main.ts', 'Grid', 5))).toEqual(['app/main.ts#Parameter']);
  });

  it('answers nothing, without looping, for names no module exports and for cyclic barrels', () => {
    expect(resolve(ws, 'app/main.ts', 'Missing', 1)).toEqual({ decls: [], module: '../lib' });
    expect(resolve(ws, 'app/main.ts', 'Nothing', 1)).toEqual({ decls: [], module: '../lib/cycle-a' });
    // A package that does not resolve keeps its specifier (the caller decides it is external).
    expect(resolve(ws, 'app/main.ts', 'of', 1)).toEqual({ decls: [], module: 'rxjs' });
  });

  it('knows a class is the default export when `export default X` names it elsewhere in the file', () => {
    const file = memoryWorkspace({ 'a.ts': 'class A {}\nclass B {}\nexport default A;' }).project.getSourceFileOrThrow('/repo/a.ts').compilerNode;
    const [a, b] = file.statements.filter(ts.isClassDeclaration);
    expect([isDefaultExported(a as ts.ClassDeclaration), isDefaultExported(b as ts.ClassDeclaration)]).toEqual([true, false]);
  });
});

describe('extractors never create a type checker', () => {
  it('no ingest source calls a ts-morph API that builds the program', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = new URL('../../../ingest/', import.meta.url).pathname;
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
    const banned = /\.(getSymbol|getType|getTypeChecker|getProgram|isDefaultExport|isExported|getModuleSpecifierSourceFile|getExportedDeclarations|getDefaultExportSymbol|getAliasedSymbol)\(/;
    const offenders = files.filter((f) => banned.test(readFileSync(join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
    expect(files.length).toBeGreaterThan(50);
  });
});

describe('files parsed from disk for resolution', () => {
  it('never follows a symlink out of the repository', async () => {
    const { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { Project } = await import('ts-morph');
    const base = realpathSync(mkdtempSync(join(tmpdir(), 'gg-resolve-')));
    try {
      const root = join(base, 'repo');
      mkdirSync(join(root, 'app'), { recursive: true });
      writeFileSync(join(base, 'outside.ts'), 'export class Secret {}\n');
      writeFileSync(join(root, 'app/inside.ts'), 'export class Shared {}\n');
      symlinkSync(join(base, 'outside.ts'), join(root, 'app/link.ts'));
      const project = new Project({ skipAddingFilesFromTsConfig: true, skipLoadingLibFiles: true });
      const main = project.createSourceFile(join(root, 'app/main.ts'), "import { Secret } from './link';\nimport { Shared } from './inside';\nexport const x = [Secret, Shared];\n");
      const idOf = (name: string): ts.Identifier => main.getDescendants().map((n) => n.compilerNode).filter((n): n is ts.Identifier => ts.isIdentifier(n) && n.text === name)[1] as ts.Identifier;
      expect(resolveName({ root, project }, idOf('Secret')).decls).toEqual([]);
      expect(resolveName({ root, project }, idOf('Shared')).decls.map((d) => ts.SyntaxKind[d.kind])).toEqual(['ClassDeclaration']);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
