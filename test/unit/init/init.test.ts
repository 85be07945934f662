import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/index.js';
import { INSTRUCTIONS_BLOCK } from '../../../src/init/agent-instructions.js';
import { codexEdit, gitignoreEdit, instructionsEdit, jsonEntryEdit } from '../../../src/init/file-edits.js';
import { runInit } from '../../../src/init/run-init.js';
import { createGitRepo, type TempGitRepo } from '../../support/git-repo.js';

const launch = { command: 'graphgate', args: ['mcp', '--repo', '/r'] };

describe('init file edits', () => {
  it('adds the graphgate server to a JSON client file, keeps an equal one, and refuses a different one unless forced', () => {
    const mine = JSON.stringify({ mcpServers: { other: { command: 'x' } }, theme: 'dark' });
    const added = jsonEntryEdit(mine, { kind: 'json', key: 'mcpServers' }, launch);
    expect(JSON.parse((added as { text: string }).text)).toEqual({ mcpServers: { other: { command: 'x' }, graphgate: launch }, theme: 'dark' });
    expect(jsonEntryEdit((added as { text: string }).text, { kind: 'json', key: 'mcpServers' }, launch)).toEqual(added);
    const changed = JSON.stringify({ mcpServers: { graphgate: { command: 'node', args: ['/old/main.js'] } } });
    expect(jsonEntryEdit(changed, { kind: 'json', key: 'mcpServers' }, launch)).toMatchObject({ conflict: expect.stringContaining('+   "command": "graphgate",') });
    expect(JSON.parse((jsonEntryEdit(changed, { kind: 'json', key: 'mcpServers' }, launch, true) as { text: string }).text).mcpServers.graphgate).toEqual(launch);
    expect(jsonEntryEdit('{ // comment\n}', { kind: 'json', key: 'mcpServers' }, launch)).toMatchObject({ conflict: expect.stringContaining('by hand') });
    expect(JSON.parse((jsonEntryEdit(null, { kind: 'json', key: 'servers', type: 'stdio' }, launch) as { text: string }).text)).toEqual({ servers: { graphgate: { type: 'stdio', ...launch } } });
  });

  it('appends the Codex table once and replaces only that table when forced', () => {
    const first = codexEdit('model = "o4"\n', launch) as { text: string };
    expect(first.text).toBe('model = "o4"\n\n[mcp_servers.graphgate]\ncommand = "graphgate"\nargs = ["mcp", "--repo", "/r"]\n');
    expect(codexEdit(first.text, launch)).toEqual(first);
    const other = { command: 'graphgate', args: ['mcp', '--repo', '/elsewhere'] };
    const withNext = `${first.text}\n[mcp_servers.docs]\ncommand = "docs"\n`;
    expect(codexEdit(withNext, other)).toMatchObject({ conflict: expect.stringContaining('/elsewhere') });
    const forced = (codexEdit(withNext, other, true) as { text: string }).text;
    expect(forced).toContain('args = ["mcp", "--repo", "/elsewhere"]');
    expect(forced).toContain('[mcp_servers.docs]\ncommand = "docs"');
    expect(forced).toContain('model = "o4"');
  });

  it('keeps a person\'s instructions and adds graphgate\'s block once; an edited block is a conflict', () => {
    const added = (instructionsEdit('# Team rules\nUse pnpm.\n') as { text: string }).text;
    expect(added).toBe(`# Team rules\nUse pnpm.\n\n${INSTRUCTIONS_BLOCK}`);
    expect(instructionsEdit(added)).toEqual({ text: added });
    const edited = added.replace('Plan before editing', 'Plan whenever');
    expect(instructionsEdit(edited)).toMatchObject({ conflict: expect.stringContaining('- - Plan whenever') });
    expect((instructionsEdit(`${edited}More of mine.\n`, true) as { text: string }).text).toBe(`${added}More of mine.\n`);
  });

  it('adds only missing ignore lines', () => {
    expect(gitignoreEdit('node_modules\n/.worktrees\n', ['.ai/tmp/', '.worktrees/'])).toEqual({ text: 'node_modules\n/.worktrees\n# graphgate: work folders and scratch files\n.ai/tmp/\n' });
    expect(gitignoreEdit('.ai/tmp/\n.worktrees/\n', ['.ai/tmp/', '.worktrees/'])).toEqual({ text: '.ai/tmp/\n.worktrees/\n' });
  });
});

describe('graphgate init in a repository', () => {
  let repo: TempGitRepo;
  let home: string;
  beforeEach(() => {
    repo = createGitRepo('graphgate-init-');
    repo.commit('init', { 'package.json': '{"name":"app"}\n', 'AGENTS.md': '# Our agents\nBe terse.\n' }, 1_700_000_000);
    home = mkdtempSync(join(tmpdir(), 'graphgate-init-home-'));
  });
  afterEach(() => {
    chmodSync(repo.root, 0o755);
    repo.remove();
    rmSync(home, { recursive: true, force: true });
  });

  it('scaffolds .ai, ignores, instructions and client entries; a second run changes nothing', () => {
    const first = runInit({ repo: repo.root, clients: ['claude-code', 'vscode', 'codex'], home });
    for (const dir of ['.ai/graph/seed', '.ai/memory/overrides', '.ai/inbox']) expect(existsSync(join(repo.root, dir))).toBe(true);
    expect(readFileSync(join(repo.root, 'AGENTS.md'), 'utf8')).toMatch(/^# Our agents\nBe terse.\n\n<!-- graphgate:start/);
    expect(readFileSync(join(repo.root, 'CLAUDE.md'), 'utf8')).toBe(INSTRUCTIONS_BLOCK);
    expect(readFileSync(join(repo.root, '.github', 'copilot-instructions.md'), 'utf8')).toBe(INSTRUCTIONS_BLOCK);
    expect(JSON.parse(readFileSync(join(repo.root, '.mcp.json'), 'utf8')).mcpServers.graphgate.args).toContain(repo.root);
    expect(JSON.parse(readFileSync(join(repo.root, '.vscode', 'mcp.json'), 'utf8')).servers.graphgate.type).toBe('stdio');
    expect(readFileSync(join(home, '.codex', 'config.toml'), 'utf8')).toContain('[mcp_servers.graphgate]');
    expect(readFileSync(join(repo.root, '.gitignore'), 'utf8')).toContain('.worktrees/');
    expect(repo.git('check-ignore', '.ai/tmp/work/w/x.json', '.worktrees/w/src/a.ts').split('\n')).toHaveLength(2);
    // The commented config is a valid layer.
    expect(loadConfig({ repoRoot: repo.root }).sources).toContain(join(repo.root, '.ai', 'config', 'repo.json'));
    expect(first.written.length).toBe(9);

    const second = runInit({ repo: repo.root, clients: ['claude-code', 'vscode', 'codex'], home });
    expect(second.written).toEqual([]);
    expect(second.plan.files.every((f) => f.action === 'unchanged')).toBe(true);
  });

  it('refuses a changed graphgate entry with a diff and writes nothing; --force replaces only that entry', () => {
    writeFileSync(join(repo.root, '.mcp.json'), JSON.stringify({ mcpServers: { graphgate: { command: 'node', args: ['/old/main.js'] }, db: { command: 'db' } } }));
    expect(() => runInit({ repo: repo.root, clients: ['claude-code'], home })).toThrow(/\.mcp\.json: it already has a different graphgate entry/);
    expect(existsSync(join(repo.root, '.ai'))).toBe(false);
    expect(readFileSync(join(repo.root, 'AGENTS.md'), 'utf8')).toBe('# Our agents\nBe terse.\n');
    runInit({ repo: repo.root, clients: ['claude-code'], home, force: true });
    const servers = JSON.parse(readFileSync(join(repo.root, '.mcp.json'), 'utf8')).mcpServers;
    expect(servers.db).toEqual({ command: 'db' });
    expect(servers.graphgate.args).toContain(repo.root);
  });

  it('refuses a folder that is not a repository, a broken .ai config and a read-only repository, writing nothing', () => {
    const plain = mkdtempSync(join(tmpdir(), 'graphgate-init-plain-'));
    try {
      expect(() => runInit({ repo: plain, clients: ['claude-code'], home })).toThrow(/neither a git work tree nor a package/);
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
    mkdirSync(join(repo.root, '.ai', 'config'), { recursive: true });
    writeFileSync(join(repo.root, '.ai', 'config', 'repo.json'), '{ "mcp": { "watch": "sometimes" } }');
    expect(() => runInit({ repo: repo.root, clients: ['claude-code'], home })).toThrow(/repo\.json at mcp\.watch/);
    expect(existsSync(join(repo.root, '.mcp.json'))).toBe(false);
    rmSync(join(repo.root, '.ai'), { recursive: true });

    if (process.getuid?.() === 0) return; // root writes anywhere: the permission check cannot be observed
    chmodSync(repo.root, 0o555);
    expect(() => runInit({ repo: repo.root, clients: ['claude-code'], home })).toThrow(/No write permission/);
    chmodSync(repo.root, 0o755);
    expect(existsSync(join(repo.root, '.ai'))).toBe(false);
  });
});
