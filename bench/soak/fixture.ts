import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../../src/runtime/package-root.js';
import { LINES, ORDER_COLUMNS, ORDER_LINK_RENDERER, ORDERS_LIST_TS, ORDERS_ROUTING } from '../../test/support/agent-loop-plan.js';

/** The fixture's own test, run as the gate step of every validate node (as in the agent-loop e2e test). */
export const CHECK_STEP = 'fixture-check';
const CHECK_JUNIT = 'test-results/check-routes.junit.xml';
/** A committed symlink leaving the repository: hostile reads go through it. */
export const OUTSIDE_LINK = 'tools/outside-link';

const GIT_ENV = { GIT_AUTHOR_NAME: 'soak', GIT_AUTHOR_EMAIL: 'soak@soak', GIT_COMMITTER_NAME: 'soak', GIT_COMMITTER_EMAIL: 'soak@soak', GIT_CONFIG_NOSYSTEM: '1' };

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-C', cwd, ...args], { encoding: 'utf8', env: { ...process.env, ...GIT_ENV } }).trim();
}

export interface SoakFixture {
  /** Temp parent folder: holds `workspace/` and nothing else (the stray-file check relies on it). */
  parent: string;
  root: string;
  baseCommit: string;
  /** Text of every file the plan edits, before any edit. */
  originals: Map<string, string>;
  dispose(): void;
}

/**
 * A throw-away git copy of the fixture workspace in a temp folder (never inside this project's checkout,
 * nothing in it is ever committed here), with the agent-loop gates, both recipes and the lock policy.
 */
export function soakFixture(policy: 'reject' | 'block', leaseSeconds: number, gateNiceness?: number): SoakFixture {
  const parent = realpathSync(mkdtempSync(join(tmpdir(), 'gg-soak-')));
  const root = join(parent, 'workspace');
  cpSync(join(packageRoot(), 'test', 'fixtures', 'workspace'), root, { recursive: true });
  mkdirSync(join(root, '.ai', 'config'), { recursive: true });
  const checkStep = { name: CHECK_STEP, cmd: ['npm', 'test', '--silent'], env: { CHECK_ROUTES_JUNIT: CHECK_JUNIT }, timeout_seconds: 60, reports: { junit: CHECK_JUNIT } };
  const config = {
    gates: { defaultTimeoutSeconds: 60, ...(gateNiceness === undefined ? {} : { niceness: gateNiceness }), profiles: { default: { modes: { fast: [checkStep] } } }, commitGates: { 'commit-fast': { profile: 'default', mode: 'fast' } } },
    recipes: { enabled: ['replace_lexeme_in_file', 'run_targeted_validation'] },
    locks: { overlapPolicy: policy, leaseSeconds },
  };
  writeFileSync(join(root, '.ai', 'config', 'repo.json'), `${JSON.stringify(config, null, 2)}\n`);
  writeFileSync(join(root, '.gitignore'), 'test-results/\n.ai/tmp/\n');
  symlinkSync('/etc', join(root, OUTSIDE_LINK));
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'fixture');
  const originals = new Map([ORDERS_LIST_TS, ORDER_COLUMNS, ORDER_LINK_RENDERER, ORDERS_ROUTING].map((f) => [f, readFileSync(join(root, f), 'utf8')]));
  return { parent, root, baseCommit: git(root, 'rev-parse', 'HEAD'), originals, dispose: () => rmSync(parent, { recursive: true, force: true }) };
}

/** What each edited file must read after the whole plan ran once (every accepted edit applied exactly once). */
export function expectedTexts(originals: Map<string, string>): Map<string, string> {
  const edit = (file: string, pairs: Array<[string, string]>) => pairs.reduce((text, [from, to]) => text.replace(from, to), originals.get(file) ?? '');
  return new Map([
    [ORDERS_LIST_TS, edit(ORDERS_LIST_TS, [[LINES.status, `${LINES.status}\n${LINES.total}`]])],
    [ORDER_COLUMNS, edit(ORDER_COLUMNS, [[LINES.helpersImport, LINES.helpersImportEsm], [LINES.whoHeader, LINES.actorHeader]])],
    [ORDER_LINK_RENDERER, edit(ORDER_LINK_RENDERER, [[LINES.linkTemplate, LINES.buttonTemplate]])],
    [ORDERS_ROUTING, edit(ORDERS_ROUTING, [[LINES.editRoute, LINES.changeRoute], [LINES.routesConst, LINES.orderRoutesConst], ['RouterModule.forChild(routes)', 'RouterModule.forChild(orderRoutes)']])],
  ]);
}
