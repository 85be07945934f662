import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../runtime/package-root.js';

export const MCP_CLIENTS = ['claude-code', 'claude-desktop', 'cursor', 'vscode'] as const;
export type McpClient = (typeof MCP_CLIENTS)[number];

/** Where each client reads its MCP server list. */
const WHERE: Record<McpClient, string> = {
  'claude-code': '.mcp.json in the repository (or run: claude mcp add graphgate -- <command> <args…>)',
  'claude-desktop': 'claude_desktop_config.json (Settings → Developer → Edit Config)',
  cursor: '.cursor/mcp.json in the repository (or ~/.cursor/mcp.json)',
  vscode: '.vscode/mcp.json in the repository',
};

/** The stdio launch configuration an MCP client needs to start `graphgate mcp --repo <repo>`. */
export function clientConfig(client: McpClient, repo: string): { file: string; config: Record<string, unknown> } {
  const main = join(packageRoot(), 'dist', 'src', 'cli', 'main.js');
  const entry = { command: process.execPath, args: [main, 'mcp', '--repo', realpathSync(repo)] };
  const config = client === 'vscode' ? { servers: { graphgate: { type: 'stdio', ...entry } } } : { mcpServers: { graphgate: entry } };
  return { file: WHERE[client], config };
}
