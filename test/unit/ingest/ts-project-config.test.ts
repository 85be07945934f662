import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typescriptExtractor } from '../../../ingest/extractors/typescript/index.js';
import { createTsProject } from '../../../ingest/pipeline/ts-project.js';
import { ids } from '../../../ingest/model/ids.js';
import { emptyFacts } from '../../../ingest/model/facts.js';
import { silentLogger } from '../../../src/runtime/logger.js';

// An Angular CLI workspace with two libraries mapped to their build output, the way
// `ng generate library` writes tsconfig paths; dist/ is never ingested.
const files: Record<string, string> = {
  'tsconfig.json': '{\n  // generated\n  "compilerOptions": { "baseUrl": "./", "paths": { "ui-kit": ["dist/ui-kit"], "data-access": ["./dist/data-access", "./dist/data-access/data-access"] } }\n}',
  'angular.json': JSON.stringify({ projects: {
    shop: { projectType: 'application', root: '' },
    'ui-kit': { projectType: 'library', root: 'projects/ui-kit' },
    'data-access': { projectType: 'library', root: 'libs/data' },
  } }),
  'projects/ui-kit/ng-package.json': JSON.stringify({ dest: '../../dist/ui-kit', lib: { entryFile: 'src/public-api.ts' } }),
  'projects/ui-kit/src/public-api.ts': "export * from './lib/button';",
  'projects/ui-kit/src/lib/button.ts': 'export class Button {}',
  'libs/data/ng-package.json': JSON.stringify({ dest: '../../dist/data-access', lib: { entryFile: 'src/index.ts' } }),
  'libs/data/src/index.ts': 'export class Store {}',
  'src/app/app.ts': "import { Button } from 'ui-kit';\nimport { Store } from 'data-access';\nexport const parts = [Button, Store];",
};

const roots: string[] = [];
function workspace(content: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'gg-libpaths-'));
  roots.push(dir);
  for (const [path, text] of Object.entries(content)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** Runs the typescript extractor on one file of a workspace on disk, the project made as the pipeline makes it. */
function importsOf(dir: string, content: Record<string, string>, path: string) {
  const project = createTsProject(dir, silentLogger);
  for (const p of Object.keys(content).filter((f) => f.endsWith('.ts'))) project.addSourceFileAtPath(join(dir, p));
  const facts = emptyFacts(path);
  typescriptExtractor.extract({
    repoId: 'r', snapshotId: 's', root: dir, path, text: content[path] as string, settings: { tagFamilies: {}, anchorDepth: 3 } as never,
    project, sourceFile: project.getSourceFile(join(dir, path)), readRepoFile: (p) => content[p],
  }, facts);
  return { project, edges: facts.edges.filter((e) => e.type === 'IMPORTS').map((e) => e.to), refs: facts.refs.filter((r) => r.type === 'IMPORTS') };
}

let root: string;
beforeAll(() => {
  root = workspace(files);
});
afterAll(() => {
  for (const dir of roots) rmSync(dir, { recursive: true, force: true });
});

describe('ts project: Angular CLI libraries mapped to dist/', () => {
  it('resolves imports of a library alias to its source entry when only dist/ is configured', () => {
    const { project, edges, refs } = importsOf(root, files, 'src/app/app.ts');
    expect(edges).toEqual(expect.arrayContaining([
      ids.file('r', 'projects/ui-kit/src/public-api.ts'), ids.file('r', 'projects/ui-kit/src/lib/button.ts'), ids.file('r', 'libs/data/src/index.ts'),
    ]));
    expect(refs).toEqual([]);
    expect(project.getCompilerOptions().paths?.['ui-kit']).toEqual(['dist/ui-kit', 'projects/ui-kit/src/public-api.ts']);
  });
});

describe('ts project: which tsconfig gives the compiler options', () => {
  it('uses the Angular workspace of a subfolder (ASP.NET ClientApp/) when the root has no tsconfig', () => {
    const content = {
      'Server/Program.cs': '// server',
      'ClientApp/angular.json': JSON.stringify({ projects: { app: { projectType: 'application', root: '' } } }),
      'ClientApp/tsconfig.json': '{ "compilerOptions": { "baseUrl": "./", "paths": { "@core/*": ["src/app/core/*"] } } }',
      'ClientApp/src/app/core/auth.service.ts': 'export class AuthService {}',
      'ClientApp/src/app/shared/api.ts': 'export class Api {}',
      'ClientApp/src/app/app.ts': "import { AuthService } from '@core/auth.service';\nimport { Api } from 'src/app/shared/api';\nexport const all = [AuthService, Api];",
    };
    const dir = workspace(content);
    const { edges, refs } = importsOf(dir, content, 'ClientApp/src/app/app.ts');
    expect(edges).toEqual([ids.file('r', 'ClientApp/src/app/core/auth.service.ts'), ids.file('r', 'ClientApp/src/app/shared/api.ts')]);
    expect(refs).toEqual([]);
  });

  it('falls through a solution-style tsconfig.json to tsconfig.base.json for baseUrl and paths', () => {
    const content = {
      'tsconfig.json': '{ "files": [], "references": [{ "path": "./tsconfig.app.json" }] }',
      'tsconfig.base.json': '{ "compilerOptions": { "baseUrl": "./", "paths": { "@shared/*": ["src/app/shared/*"] } } }',
      'src/app/shared/util.ts': 'export const x = 1;',
      'src/app/app.ts': "import { x } from '@shared/util';\nexport const y = x;",
    };
    const dir = workspace(content);
    const { edges } = importsOf(dir, content, 'src/app/app.ts');
    expect(edges).toEqual([ids.file('r', 'src/app/shared/util.ts')]);
  });
});
