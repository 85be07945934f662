import { join } from 'node:path';
import type { Command } from 'commander';
import { action } from '../cli/output.js';
import { packageRoot } from '../runtime/package-root.js';

const HISTORY_ONLY = ['since', 'until', 'subfolder', 'keepScratch', 'stripTicketKey'] as const;

/**
 * The eval command's options and dispatch, shared by `npm run eval` (src/eval/main.ts) and
 * `graphgate eval` (src/cli). Two modes: a task file on the repository as it is, or `--history`:
 * tasks mined from the repository's own commits, each run on its parent. `--tasks` is the task
 * file in the first mode and the number of tasks in the second. The runners load on use.
 */
export function configureEvalCommand(command: Command): Command {
  return command
    .description('Evaluates graphgate packs against a plain BM25 baseline: on golden tasks (--repo, --tasks <file>) or on tasks mined from git history (--history <repoPath>).')
    .option('--history <repoPath>', 'mine tasks from this repository\'s commits and run each on its parent (leak-free)')
    .option('--repo <path>', 'task-file mode: repository to evaluate on', join(packageRoot(), 'test', 'fixtures', 'workspace'))
    .option('--tasks <file|n>', 'task-file mode: task file (JSON; default the fixture\'s test/fixtures/eval/tasks.json); history mode: how many tasks (default 50)')
    .option('--since <date>', 'history mode: only commits after this date (anything git log --since takes)')
    .option('--until <date>', 'history mode: only commits before this date')
    .option('--subfolder <path>', 'history mode: only tasks whose answer files are under this folder, which is what gets ingested (e.g. frontend)')
    .option('--strip-ticket-key', 'history mode: give the systems the prompt without its leading ticket key (ABC-123:)')
    .option('--keep-scratch', 'history mode: keep the scratch clone and the eval namespace (debugging)')
    .option('--out <file>', 'where to write the JSON report (default eval-results/<mode>-<repo>-<time>.json)')
    .option('--repo-id <id>', 'task-file mode: ingest under this repoId (default eval-<hash of the path>)')
    .option('--fallback-k <n>', 'task-file mode: baseline top-k when graphgate returns an empty pack', '10')
    .option('--json', 'print the JSON report on stdout instead of the table')
    .showHelpAfterError()
    .action(action(async (flags: Record<string, unknown>) => {
      if (typeof flags.history === 'string') {
        const { runHistoryCommand } = await import('./history/history-cli.js');
        await runHistoryCommand({ ...flags, history: flags.history } as Parameters<typeof runHistoryCommand>[0]);
        return;
      }
      const stray = HISTORY_ONLY.filter((k) => flags[k] !== undefined);
      if (stray.length) {
        const { AppError } = await import('../errors/index.js');
        throw new AppError('INVALID_ARGS', { message: `--${stray.map((s) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)).join(', --')} only apply with --history <repoPath>.` });
      }
      const { runTaskFileCommand } = await import('./task-file-cli.js');
      const tasks = typeof flags.tasks === 'string' ? flags.tasks : join(packageRoot(), 'test', 'fixtures', 'eval', 'tasks.json');
      await runTaskFileCommand({ ...flags, tasks } as unknown as Parameters<typeof runTaskFileCommand>[0]);
    }));
}
