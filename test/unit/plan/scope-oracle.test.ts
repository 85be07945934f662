import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFsScopeOracle, validatePlan, type ScopeOracle } from '../../../src/plan/index.js';
import { contextOf, goldenWorld, HTML, REMOTE, TS } from './support/golden.js';
import { goldenPlan } from './support/golden-plan.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- plans are edited freely here */
let base: string;
let repo: string;
let oracle: ScopeOracle;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'gg-plan-scope-'));
  repo = join(base, 'repo');
  for (const file of [HTML, TS, REMOTE]) {
    await mkdir(join(repo, file, '..'), { recursive: true });
    await writeFile(join(repo, file), '// fixture\n');
  }
  await mkdir(join(base, 'repo-evil'), { recursive: true });
  await writeFile(join(base, 'repo-evil', 'secret.ts'), 'secret\n');
  await symlink(join(base, 'repo-evil'), join(repo, 'src/app/escape'));
  await symlink(join(base, 'repo-evil', 'secret.ts'), join(repo, 'src/app/orders/link.ts'));
  await symlink(join(repo, REMOTE), join(repo, 'src/app/orders/detail-alias.ts'));
  oracle = createFsScopeOracle(repo);
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('createFsScopeOracle', () => {
  it('resolves real files to their repo-relative path', async () => {
    expect(await oracle.resolve(HTML, 'existing')).toEqual({ ok: true, path: HTML });
    expect(await oracle.resolve('src/app/orders/detail-alias.ts', 'existing')).toEqual({ ok: true, path: REMOTE });
  });

  it('refuses symlinks that leave the worktree, for existing files and for creates', async () => {
    expect(await oracle.resolve('src/app/orders/link.ts', 'existing')).toMatchObject({ ok: false, reason: 'outside_root' });
    expect(await oracle.resolve('src/app/escape/secret.ts', 'existing')).toMatchObject({ ok: false });
    expect(await oracle.resolve('src/app/escape/new-file.ts', 'create')).toMatchObject({ ok: false, reason: 'outside_root' });
  });

  it('resolves a create through its nearest existing folder', async () => {
    expect(await oracle.resolve('src/app/orders/new/deep/file.ts', 'create')).toEqual({ ok: true, path: 'src/app/orders/new/deep/file.ts' });
    expect(await oracle.resolve('src/app/orders/missing.ts', 'existing')).toMatchObject({ ok: false, reason: 'not_found' });
  });
});

describe('validatePlan with the filesystem oracle', () => {
  const withOracle = () => ({ ...contextOf(goldenWorld()), scopeOracle: oracle });

  it('accepts the golden plan on a real worktree', async () => {
    expect((await validatePlan(goldenPlan(), withOracle())).violations).toEqual([]);
  });

  it.each(['src/app/orders/link.ts', 'src/app/escape/secret.ts'])('rejects the symlink escape %s with PLAN_SCOPE_VIOLATION', async (path) => {
    const plan: any = goldenPlan();
    plan.nodes[1].targetFile = path;
    const result = await validatePlan(plan, withOracle());
    expect(result.violations).toContainEqual(expect.objectContaining({ code: 'PLAN_SCOPE_VIOLATION', path: '$.nodes[1].targetFile' }));
    expect(new Set(result.violations.map((v) => v.code))).toEqual(new Set(['PLAN_SCOPE_VIOLATION']));
  });

  it('judges an in-repo alias by the file it resolves to', async () => {
    const plan: any = goldenPlan();
    plan.nodes[1].targetFile = 'src/app/orders/detail-alias.ts';
    expect((await validatePlan(plan, withOracle())).violations).toEqual([]);
  });
});
