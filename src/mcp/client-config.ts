import { accessSync, constants, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { packageRoot } from '../runtime/package-root.js';

export const MCP_CLIENTS = ['claude-code', 'claude-desktop', 'cursor', 'vscode', 'windsurf', 'codex', 'zed'] as const;
export type McpClient = (typeof MCP_CLIENTS)[number];

/** How a client's file holds its servers: a JSON object under a key, or Codex's TOML tables. */
export type ClientFormat = { kind: 'json'; key: 'mcpServers' | 'servers' | 'context_servers'; type?: 'stdio' } | { kind: 'toml' };

export interface ClientTarget {
  /** The file `graphgate init` writes (repository files first: they travel with the repository). */
  path: string;
  scope: 'repository' | 'user';
  format: ClientFormat;
  /** Where a person finds it, for --print-config. */
  where: string;
}

/** Each client's documented MCP configuration file (checked against their docs, November 2026). */
export function clientTarget(client: McpClient, repoRoot: string, home = homedir(), platform = process.platform): ClientTarget {
  switch (client) {
    case 'claude-code':
      return { path: join(repoRoot, '.mcp.json'), scope: 'repository', format: { kind: 'json', key: 'mcpServers' }, where: '.mcp.json in the repository (or: claude mcp add graphgate -- <command> <args…>)' };
    case 'cursor':
      return { path: join(repoRoot, '.cursor', 'mcp.json'), scope: 'repository', format: { kind: 'json', key: 'mcpServers' }, where: '.cursor/mcp.json in the repository (or ~/.cursor/mcp.json)' };
    case 'vscode':
      return { path: join(repoRoot, '.vscode', 'mcp.json'), scope: 'repository', format: { kind: 'json', key: 'servers', type: 'stdio' }, where: '.vscode/mcp.json in the repository' };
    case 'claude-desktop': {
      const dir = platform === 'darwin' ? join(home, 'Library', 'Application Support', 'Claude')
        : platform === 'win32' ? join(process.env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Claude') : join(home, '.config', 'Claude');
      return { path: join(dir, 'claude_desktop_config.json'), scope: 'user', format: { kind: 'json', key: 'mcpServers' }, where: 'claude_desktop_config.json (Settings → Developer → Edit Config)' };
    }
    case 'windsurf':
      return { path: join(home, '.codeium', 'windsurf', 'mcp_config.json'), scope: 'user', format: { kind: 'json', key: 'mcpServers' }, where: '~/.codeium/windsurf/mcp_config.json' };
    case 'codex':
      return { path: join(home, '.codex', 'config.toml'), scope: 'user', format: { kind: 'toml' }, where: '~/.codex/config.toml (table [mcp_servers.graphgate])' };
    case 'zed':
      return { path: join(home, '.config', 'zed', 'settings.json'), scope: 'user', format: { kind: 'json', key: 'context_servers' }, where: 'Zed settings.json, key context_servers' };
  }
}

export interface LaunchEntry {
  command: string;
  args: string[];
}

/** This build's CLI entry point. */
export function cliMain(): string {
  return join(packageRoot(), 'dist', 'src', 'cli', 'main.js');
}

/**
 * How a client starts `graphgate mcp --repo <repo>`: the installed `graphgate` binary when the one on
 * PATH is this build (`npm install -g`), else this Node and this build's entry point by absolute path.
 */
export function launchEntry(repo: string, env: NodeJS.ProcessEnv = process.env): LaunchEntry {
  const main = cliMain();
  const root = realpathSync(repo);
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    try {
      const bin = join(dir, 'graphgate');
      accessSync(bin, constants.X_OK);
      if (realpathSync(bin) === realpathSync(main)) return { command: 'graphgate', args: ['mcp', '--repo', root] };
    } catch {
      // not on this PATH entry
    }
  }
  return { command: process.execPath, args: [main, 'mcp', '--repo', root] };
}

/** The server entry as the client's format spells it. */
export function serverEntry(format: ClientFormat, launch: LaunchEntry): Record<string, unknown> {
  return format.kind === 'json' && format.type ? { type: format.type, ...launch } : { ...launch };
}

/** Codex's TOML table for the entry. */
export function codexTable(launch: LaunchEntry): string {
  const q = (s: string): string => JSON.stringify(s);
  return `[mcp_servers.graphgate]\ncommand = ${q(launch.command)}\nargs = [${launch.args.map(q).join(', ')}]\n`;
}

/** What `graphgate mcp --print-config <client>` prints: the file and the snippet to add to it. */
export function clientConfig(client: McpClient, repo: string): { file: string; config: Record<string, unknown> | string } {
  const target = clientTarget(client, repo);
  const launch = launchEntry(repo);
  if (target.format.kind === 'toml') return { file: target.where, config: codexTable(launch) };
  return { file: target.where, config: { [target.format.key]: { graphgate: serverEntry(target.format, launch) } } };
}
