import { describe, expect, it } from 'vitest';
import { Project, ts } from 'ts-morph';
import { attachOnDemandFiles, projectFile } from '../../../ingest/extractors/support/project-files.js';
import { exportedDeclarations, registerProjectRoot } from '../../../ingest/extractors/support/syntax-resolve.js';
import { automaticProjectBudget, ProjectBudget, TREE_BYTES_PER_CHAR } from '../../../ingest/pipeline/project-budget.js';
import { createTsProjectCache } from '../../../ingest/pipeline/project-cache.js';

const FILES: Record<string, string> = {
  'index.ts': "export { BASE } from './consts';",
  'consts.ts': "export const BASE = '/api';",
  'b.ts': 'export const b = 1;',
  'c.ts': 'export const c = 1;',
  'd.ts': 'export const d = 1;',
};

/** An on-demand project over FILES (in memory) whose handed-out files are reported to a budget of `maxFiles`. */
function budgeted(maxFiles: number) {
  const project = new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true, compilerOptions: { target: ts.ScriptTarget.ES2022 } });
  for (const [path, text] of Object.entries(FILES)) project.getFileSystem().writeFileSync(`/repo/${path}`, text);
  registerProjectRoot(project, '/repo');
  const cache = createTsProjectCache();
  const budget = new ProjectBudget(cache, '/repo', maxFiles);
  attachOnDemandFiles(project, {
    root: '/repo', paths: new Set(Object.keys(FILES)), text: (path) => FILES[path], used: budget.used,
    load: (path) => {
      cache.shas.set(path, 'sha');
      return project.addSourceFileAtPath(`/repo/${path}`);
    },
  });
  const held = () => project.getSourceFiles().map((f) => f.getFilePath().replace('/repo/', '')).sort();
  return { project, budget, cache, held, file: (path: string) => projectFile(project, `/repo/${path}`)! };
}

describe('project budget', () => {
  it('drops the least recently used files once over the budget, and resolutions then lead to the file parsed anew', () => {
    const { project, budget, cache, held, file } = budgeted(4);
    const env = { root: '/repo', project };
    // Batch 0: a re-export followed to consts.ts (loaded on demand).
    const barrel = file('index.ts').compilerNode;
    const before = exportedDeclarations(env, barrel, 'BASE').decls;
    expect(before.map((d) => d.getSourceFile().fileName)).toEqual(['/repo/consts.ts']);
    budget.trim(project);
    // Batch 1: two more files; four held, within the budget.
    file('b.ts');
    file('c.ts');
    budget.trim(project);
    expect(budget.dropped).toBe(0);
    // Batch 2: the barrel used again and a fifth file: over the budget, down to 3 — consts.ts (batch 0) and one of batch 1 go.
    file('index.ts');
    file('d.ts');
    budget.trim(project);
    expect(budget.dropped).toBe(2);
    expect(held()).toHaveLength(3);
    expect(held()).toEqual(expect.arrayContaining(['d.ts', 'index.ts']));
    expect(held()).not.toContain('consts.ts');
    expect(cache.shas.has('consts.ts')).toBe(false);
    // The barrel's memoised answer pointed into the dropped tree: asked again, it parses consts.ts anew and leads there.
    const after = exportedDeclarations(env, barrel, 'BASE').decls;
    const current = project.getSourceFile('/repo/consts.ts')?.compilerNode;
    expect(current).toBeDefined();
    expect(after.map((d) => d.getSourceFile())).toEqual([current]);
    expect(after[0]?.getSourceFile()).not.toBe(before[0]?.getSourceFile());
  });

  it('keeps everything while within the budget', () => {
    const { project, budget, held, file } = budgeted(10);
    for (const path of Object.keys(FILES)) file(path);
    budget.trim(project);
    expect(budget.dropped).toBe(0);
    expect(held()).toHaveLength(Object.keys(FILES).length);
  });

  describe('automatic budget', () => {
    const MB = 2 ** 20;
    // ever-gauzy at 39a5c3ad: 8,228 TypeScript files, 37.2 M characters (about 0.9 GB of trees by the estimate).
    const [files, chars] = [8_228, 37_200_000];

    it('holds every file when the estimated trees take at most 40 % of the heap limit', () => {
      expect(automaticProjectBudget(files, chars, 4_144 * MB)).toBe(0); // V8's limit on a 24 GB machine
      expect(automaticProjectBudget(files, chars, 2.5 * chars * TREE_BYTES_PER_CHAR)).toBe(0);
      expect(automaticProjectBudget(files, chars, 2.4 * chars * TREE_BYTES_PER_CHAR)).toBeGreaterThan(0);
      expect(automaticProjectBudget(0, 0, 1)).toBe(0);
    });

    it('bounds the project to the files whose trees take a quarter of a smaller heap', () => {
      const n = automaticProjectBudget(files, chars, 748 * MB); // --max-old-space-size=700
      expect(n).toBe(Math.floor((748 * MB) / 4 / ((chars * TREE_BYTES_PER_CHAR) / files)));
      expect(n).toBeGreaterThan(1_500);
      expect(n).toBeLessThan(2_000);
      // Half the heap, half the files.
      expect(automaticProjectBudget(files, chars, 374 * MB)).toBe(Math.floor(n / 2));
    });

    it('never bounds below 25 files, and never to as many files as there are', () => {
      expect(automaticProjectBudget(files, chars, 1 * MB)).toBe(25);
      expect(automaticProjectBudget(20, 20 * 5_000, 1 * MB)).toBe(0);
    });
  });
});
