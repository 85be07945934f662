import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';
import type { Check } from './check.js';

interface ClientFile {
  client: string;
  path: string;
  /** Where the server entries sit in the parsed file. */
  entries: (parsed: Record<string, unknown>) => Record<string, unknown> | undefined;
  toml?: boolean;
}

const mcpServers = (p: Record<string, unknown>) => p.mcpServers as Record<string, unknown> | undefined;

/** The MCP configuration files each client reads, repository-level first (see src/mcp/client-config.ts). */
export function clientFiles(repoRoot: string, home = homedir()): ClientFile[] {
  return [
    { client: 'claude-code', path: join(repoRoot, '.mcp.json'), entries: mcpServers },
    { client: 'cursor', path: join(repoRoot, '.cursor', 'mcp.json'), entries: mcpServers },
    { client: 'vscode', path: join(repoRoot, '.vscode', 'mcp.json'), entries: (p) => p.servers as Record<string, unknown> | undefined },
    { client: 'cursor (user)', path: join(home, '.cursor', 'mcp.json'), entries: mcpServers },
    { client: 'claude-desktop', path: join(home, '.config', 'Claude', 'claude_desktop_config.json'), entries: mcpServers },
    { client: 'claude-desktop', path: join(home, 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json'), entries: mcpServers },
    { client: 'windsurf', path: join(home, '.codeium', 'windsurf', 'mcp_config.json'), entries: mcpServers },
    { client: 'zed', path: join(home, '.config', 'zed', 'settings.json'), entries: (p) => p.context_servers as Record<string, unknown> | undefined },
    { client: 'codex', path: join(home, '.codex', 'config.toml'), entries: () => undefined, toml: true },
  ];
}

interface Launch {
  command?: string;
  args: string[];
}

/** Codex keeps TOML: read the `[mcp_servers.graphgate]` table's command and args lines only. */
function codexEntry(text: string): Launch | undefined {
  const table = /^\[mcp_servers\.graphgate\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(text)?.[1];
  if (table === undefined) return undefined;
  const command = /^command\s*=\s*"((?:[^"\\]|\\.)*)"/m.exec(table)?.[1];
  const args = /^args\s*=\s*\[([^\]]*)\]/m.exec(table)?.[1];
  return { ...(command ? { command } : {}), args: args ? [...args.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1] as string) : [] };
}

function jsonEntry(file: ClientFile, text: string): Launch | undefined {
  // Zed's settings allow // comments: drop whole-line comments before parsing.
  const parsed = JSON.parse(file.client === 'zed' ? text.replace(/^\s*\/\/.*$/gm, '') : text) as Record<string, unknown>;
  const entry = file.entries(parsed)?.graphgate as Record<string, unknown> | undefined;
  if (!entry) return undefined;
  const nested = entry.command && typeof entry.command === 'object' ? (entry.command as Record<string, unknown>) : undefined;
  const command = (nested?.path ?? entry.command) as unknown;
  const args = (nested?.args ?? entry.args) as unknown;
  return { ...(typeof command === 'string' ? { command } : {}), args: Array.isArray(args) ? args.filter((a): a is string => typeof a === 'string') : [] };
}

function onPath(command: string): boolean {
  if (isAbsolute(command)) return existsSync(command);
  return (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** What is wrong with a launch entry: a command that does not exist, a script or `--repo` path that is gone. */
export function launchProblems(launch: Launch): string[] {
  const problems: string[] = [];
  if (!launch.command) problems.push('no command');
  else if (!onPath(launch.command)) problems.push(`command ${launch.command} not found`);
  for (const arg of launch.args) if (isAbsolute(arg) && /\.(c|m)?js$/.test(arg) && !existsSync(arg)) problems.push(`${arg} does not exist`);
  const repo = launch.args[launch.args.indexOf('--repo') + 1];
  if (launch.args.includes('--repo') && (!repo || !existsSync(repo))) problems.push(`--repo ${repo ?? '(missing)'} does not exist`);
  return problems;
}

/** One line per client file that names graphgate; a warning when no client is configured at all. */
export function clientChecks(repoRoot: string, home = homedir()): Check[] {
  const checks: Check[] = [];
  for (const file of clientFiles(repoRoot, home)) {
    if (!existsSync(file.path)) continue;
    const id = `client:${file.client}`;
    let launch: Launch | undefined;
    try {
      const text = readFileSync(file.path, 'utf8');
      launch = file.toml ? codexEntry(text) : jsonEntry(file, text);
    } catch (error) {
      checks.push({ id, status: 'warn', summary: `${file.path} could not be read (${(error as Error).message.split('\n')[0]})` });
      continue;
    }
    if (!launch) continue;
    const problems = launchProblems(launch);
    checks.push(problems.length
      ? { id, status: 'fail', summary: `${file.path}: ${problems.join('; ')}`, fix: `graphgate mcp --print-config ${file.client.split(' ')[0]} and replace the graphgate entry` }
      : { id, status: 'ok', summary: `${file.path} starts ${[launch.command, ...launch.args].join(' ').slice(0, 160)}` });
  }
  if (checks.length === 0) {
    checks.push({ id: 'clients', status: 'warn', summary: 'no MCP client configuration names graphgate', fix: `graphgate mcp --repo ${repoRoot} --print-config claude-code (or cursor, vscode, claude-desktop)` });
  }
  return checks;
}
