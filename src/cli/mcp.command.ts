import type { Command } from 'commander';
import { AppError } from '../errors/index.js';
import { clientConfig, MCP_CLIENTS, type McpClient } from '../mcp/client-config.js';
import { createLogger } from '../runtime/logger.js';
import { action } from './output.js';

/** `graphgate mcp --repo <path>`: the MCP stdio server an agent's client launches. */
export function registerMcpCommand(program: Command, version: string): void {
  program
    .command('mcp')
    .description('run the MCP stdio server (one tool: controller_turn) for a repository')
    .option('--repo <path>', 'the repository the agent works on', process.cwd())
    .option('--print-config <client>', `print the client configuration instead of serving (${MCP_CLIENTS.join(', ')})`)
    .option('--json', 'with --print-config: print only the snippet (JSON, or TOML for codex)')
    .action(action(async (opts: { repo: string; printConfig?: string; json?: boolean }) => {
      if (opts.printConfig !== undefined) {
        if (!(MCP_CLIENTS as readonly string[]).includes(opts.printConfig)) {
          throw new AppError('INVALID_ARGS', { message: `Unknown client "${opts.printConfig}"; choose one of ${MCP_CLIENTS.join(', ')}.` });
        }
        const { file, config } = clientConfig(opts.printConfig as McpClient, opts.repo);
        const text = typeof config === 'string' ? config : JSON.stringify(config, null, 2);
        process.stdout.write(opts.json ? `${text}\n` : `# add to ${file}\n${text}\n`);
        return;
      }
      // stdout belongs to the protocol: route stray console output to stderr.
      console.log = console.error;
      console.info = console.error;
      console.debug = console.error;
      // Loaded here: the server's module graph costs every other command ~0.5 s of start-up.
      const { runStdioServer } = await import('../mcp/run-stdio.js');
      await runStdioServer({ repo: opts.repo, log: createLogger(), version });
    }));
}
