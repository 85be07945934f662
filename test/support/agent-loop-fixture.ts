import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Config } from '../../src/config/index.js';
import { TurnResponseSchema, type TurnResponse } from '../../src/controller/envelope.schema.js';
import { FIXTURE_ROOT } from './extract-fixture.js';

/** The fixture's own test (`npm test` → tools/check-routes.mjs), run as a gate step with its JUnit report. */
export const CHECK_STEP = 'fixture-check';
export const CHECK_JUNIT = 'test-results/check-routes.junit.xml';

const checkStep = { name: CHECK_STEP, cmd: ['npm', 'test', '--silent'], env: { CHECK_ROUTES_JUNIT: CHECK_JUNIT }, timeout_seconds: 60, reports: { junit: CHECK_JUNIT } };

/** Gates of the happy path: one real step, and the commit gate side effects will name. */
export const AGENT_LOOP_GATES: Config['gates'] = {
  defaultTimeoutSeconds: 60,
  profiles: { default: { modes: { fast: [checkStep] } } },
  commitGates: { 'commit-fast': { profile: 'default', mode: 'fast' } },
};

/** Gates of the negative paths: the same real step plus a step that hangs, a destructive one and one whose cwd is a link. */
export const NEGATIVE_GATES: Config['gates'] = {
  defaultTimeoutSeconds: 60,
  profiles: {
    default: { modes: { fast: [checkStep] } },
    hostile: {
      modes: {
        misc: [
          { name: 'hangs', cmd: ['node', '-e', 'setInterval(() => {}, 1000)'], timeout_seconds: 1 },
          { name: 'reset-worktree', cmd: ['git', 'reset', '--hard', 'HEAD~1'] },
          { name: 'linked-cwd', cmd: ['node', 'tools/check-routes.mjs'], cwd: 'linked-out' },
        ],
      },
    },
  },
  commitGates: { 'commit-fast': { profile: 'default', mode: 'fast' } },
};

const GIT_ENV = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t', GIT_CONFIG_NOSYSTEM: '1' };

/** Runs git in `cwd` with a fixed identity; returns trimmed stdout. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-C', cwd, ...args], { encoding: 'utf8', env: { ...process.env, ...GIT_ENV } }).trim();
}

/**
 * A throw-away git repository copied from the fixture workspace: `gates`, both recipes and any `extra`
 * config sections in `.ai/config/repo.json`, everything committed on `main` (worktrees are cut from it).
 */
export function gitFixtureCopy(gates: Config['gates'], extra: Record<string, unknown> = {}): { root: string; dispose(): void } {
  const parent = realpathSync(mkdtempSync(join(tmpdir(), 'gg-loop-')));
  const root = join(parent, 'workspace');
  cpSync(FIXTURE_ROOT, root, { recursive: true });
  mkdirSync(join(root, '.ai', 'config'), { recursive: true });
  const recipes: Config['recipes'] = { enabled: ['replace_lexeme_in_file', 'run_targeted_validation'] };
  writeFileSync(join(root, '.ai', 'config', 'repo.json'), `${JSON.stringify({ gates, recipes, ...extra }, null, 2)}\n`);
  writeFileSync(join(root, '.gitignore'), 'test-results/\n.ai/tmp/\n');
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'fixture');
  return { root, dispose: () => rmSync(parent, { recursive: true, force: true }) };
}

/** `controller_turn` over an SDK client, parsed with the envelope schema. */
export function turnCaller(client: () => Client): (args: Record<string, unknown>) => Promise<TurnResponse> {
  return async (args) => TurnResponseSchema.parse((await client().callTool({ name: 'controller_turn', arguments: args }, undefined, { timeout: 120_000 })).structuredContent);
}
