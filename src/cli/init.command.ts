import type { Command } from 'commander';
import { AppError } from '../errors/index.js';
import { MCP_CLIENTS, type McpClient } from '../mcp/client-config.js';
import { createLogger } from '../runtime/logger.js';
import { action, printResult, stage } from './output.js';

const collect = (value: string, previous: string[] = []): string[] => [...previous, ...value.split(',')];

/** `graphgate init [--client <name>…]` in a repository: .ai/, .gitignore, agent instructions, client entries, first ingest. */
export function registerInitCommand(program: Command): void {
  program
    .command('init')
    .description('set graphgate up in a repository: .ai/ folder, .gitignore, agent instructions, MCP client entries, then the first ingest')
    .option('--repo <path>', 'the repository', process.cwd())
    .option('--client <name>', `MCP client(s) to configure (repeatable or comma-separated: ${MCP_CLIENTS.join(', ')})`, collect)
    .option('--force', 'replace graphgate\'s own entries and instruction block where they were changed')
    .option('--no-ingest', 'skip the first ingest')
    .option('--json', 'print the result as JSON')
    .action(action(async (opts: { repo: string; client?: string[]; force?: boolean; ingest: boolean; json?: boolean }) => {
      const clients = [...new Set(opts.client ?? ['claude-code'])];
      const unknown = clients.filter((c) => !(MCP_CLIENTS as readonly string[]).includes(c));
      if (unknown.length) throw new AppError('INVALID_ARGS', { message: `Unknown client ${unknown.join(', ')}; choose from ${MCP_CLIENTS.join(', ')}.` });
      const { initLines, runInit } = await import('../init/run-init.js');
      const result = runInit({ repo: opts.repo, clients: clients as McpClient[], ...(opts.force ? { force: true } : {}) });
      let ingest: { parsed: number; files: number; ms: number; wrote: boolean } | undefined;
      if (opts.ingest) {
        if (!opts.json) stage('first ingest (the local Neo4j starts if needed)…');
        const [{ ingestRepository, terminalProgress }, { loadConfig }, { resolveRepoId }, { openGraph }] = await Promise.all([
          import('../../ingest/index.js'), import('../config/index.js'), import('../config/repo-id.js'), import('../graph/connect.js'),
        ]);
        const log = createLogger(process.env.GRAPHGATE_LOG_LEVEL ? undefined : 'warn');
        const { config } = loadConfig({ repoRoot: result.root });
        const graph = await openGraph({ log, autoStart: config.graph.autoStartLocal });
        try {
          const progress = terminalProgress(!opts.json && process.stderr.isTTY === true);
          const repoId = await resolveRepoId(result.root, config);
          const summary = await ingestRepository({ graph, root: result.root, log, settings: { repoId }, onProgress: progress.onProgress }).finally(() => progress.stop());
          ingest = { parsed: summary.files.parsed, files: summary.files.seen, ms: summary.timings.totalMs, wrote: summary.wrote };
        } finally {
          await graph.close();
        }
      }
      const value = { root: result.root, written: result.written, dirs: result.plan.dirs, files: result.plan.files.map(({ display, action }) => ({ path: display, action })), ingest };
      printResult(Boolean(opts.json), value, () => [
        ...initLines(result),
        ...(ingest ? [ingest.wrote ? `Ingested ${ingest.files} files (${ingest.parsed} parsed) in ${(ingest.ms / 1000).toFixed(1)} s.` : 'The graph is current.'] : []),
        `Next: start your client (${clients.join(', ')}); its agent calls controller_turn initialize_work. Check the setup any time with graphgate doctor.`,
      ]);
    }));
}
