import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/index.js';
import { AppError } from '../../../src/errors/index.js';

const made: string[] = [];
afterAll(() => made.forEach((root) => rmSync(root, { recursive: true, force: true })));

function repoWith(files: Record<string, unknown>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'gg-config-')));
  made.push(root);
  mkdirSync(join(root, '.ai/config'), { recursive: true });
  for (const [name, body] of Object.entries(files)) writeFileSync(join(root, '.ai/config', name), typeof body === 'string' ? body : JSON.stringify(body));
  return root;
}

const failure = (fn: () => unknown): AppError => {
  try {
    fn();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a failure');
};

describe('loadConfig', () => {
  it('uses the shipped defaults and leaves repo.id to ingestion’s derivation', () => {
    const { config } = loadConfig({ repoRoot: repoWith({}), env: {} });
    expect(config.budget).toEqual({ maxTokens: 100_000, thresholdPercent: 0.6 });
    expect(config.mcp.turnTimeoutMs).toBe(30_000);
    expect(config.repo.id).toBeUndefined();
  });

  it('layers base.json → repo.json → env.local.json → environment', () => {
    const root = repoWith({
      'base.json': { budget: { maxTokens: 5000 }, limits: { readMaxLines: 10 } },
      'repo.json': { budget: { maxTokens: 6000 }, repo: { id: 'my-repo' } },
      'env.local.json': { budget: { thresholdPercent: 0.5 } },
    });
    const { config, sources } = loadConfig({ repoRoot: root, env: { GRAPHGATE_BUDGET_MAX_TOKENS: '7000', GRAPHGATE_AUTO_START_NEO4J: 'false' } });
    expect(config.budget).toEqual({ maxTokens: 7000, thresholdPercent: 0.5 });
    expect(config.limits.readMaxLines).toBe(10);
    expect(config.limits.searchMaxResults).toBe(200);
    expect(config.repo.id).toBe('my-repo');
    expect(config.graph.autoStartLocal).toBe(false);
    expect(sources.map((s) => s.split('/').pop())).toEqual(['base.json', 'base.json', 'repo.json', 'env.local.json', 'environment']);
  });

  it('keeps a key an earlier layer set when a later layer sets only another key of its section', () => {
    // Keys with schema defaults (mcp.watch, limits.searchAnswerChars) must not be reset by a later partial layer.
    const root = repoWith({
      'base.json': { mcp: { watch: false, inlineSchema: 'always' }, limits: { searchAnswerChars: 1234 } },
      'repo.json': { mcp: { ingestWaitMs: 5 }, limits: { readMaxLines: 11 } },
    });
    const { config } = loadConfig({ repoRoot: root, env: { GRAPHGATE_TURN_TIMEOUT_MS: '9000' } });
    expect(config.mcp).toMatchObject({ watch: false, inlineSchema: 'always', ingestWaitMs: 5, turnTimeoutMs: 9000, autoIngest: true });
    expect(config.limits).toMatchObject({ searchAnswerChars: 1234, readMaxLines: 11, packResponseTokens: 6000 });
  });

  it('names the file, the key and the problem of an invalid layer', () => {
    const error = failure(() => loadConfig({ repoRoot: repoWith({ 'repo.json': { budget: { maxTokens: 'lots' } } }), env: {} }));
    expect(error.code).toBe('INVALID_CONFIG');
    expect(error.message).toMatch(/repo\.json at budget\.maxTokens: .*number/);
    expect(error.details.problems).toEqual([{ key: 'budget.maxTokens', problem: expect.stringContaining('number') }]);
  });

  it('rejects unknown keys and invalid JSON, naming the file', () => {
    expect(failure(() => loadConfig({ repoRoot: repoWith({ 'env.local.json': { mcp: { turnTimeout: 5 } } }), env: {} })).message).toMatch(/env\.local\.json at mcp/);
    expect(failure(() => loadConfig({ repoRoot: repoWith({ 'repo.json': '{ nope' }), env: {} })).message).toMatch(/repo\.json at \(root\): not valid JSON/);
  });

  it('names the environment variable of an invalid override', () => {
    const error = failure(() => loadConfig({ repoRoot: repoWith({}), env: { GRAPHGATE_TURN_TIMEOUT_MS: 'soon' } }));
    expect(error.message).toMatch(/environment at GRAPHGATE_TURN_TIMEOUT_MS/);
  });
});
