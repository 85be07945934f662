import type { Command } from 'commander';
import { AppError } from '../errors/index.js';
import { createLogger } from '../runtime/logger.js';
import { action, printResult } from './output.js';

interface ApproveFlags {
  repo: string;
  ttl?: string;
  json?: boolean;
}

/**
 * `graphgate approve <workId> [--repo <path>]`: a person approves merging a work's branch into the
 * branch checked out in the main checkout. Prints a single-use, expiring token (only its SHA-256 is
 * stored) that the agent passes to `execute_gated_side_effect` as `approvalToken`.
 */
export function registerApproveCommand(program: Command): void {
  program
    .command('approve <workId>')
    .description('approve merging a work\'s branch into your checked-out branch: prints a single-use token to give the agent')
    .option('--repo <path>', 'the repository the work belongs to', process.cwd())
    .option('--ttl <minutes>', 'minutes the token stays valid (default 60, at most 10080)')
    .option('--json', 'print the approval as JSON')
    .action(action(async (workId: string, flags: ApproveFlags) => {
      const ttlMinutes = flags.ttl === undefined ? undefined : Number(flags.ttl);
      if (ttlMinutes !== undefined && !Number.isInteger(ttlMinutes)) throw new AppError('INVALID_ARGS', { message: '--ttl must be a whole number of minutes.' });
      // Loaded on use, like the other commands: repository identity pulls in the ingest pipeline.
      const { approveWork } = await import('../execution/side-effects/approve-work.js');
      const log = createLogger(process.env.GRAPHGATE_LOG_LEVEL ? undefined : 'warn');
      const approval = await approveWork({ repo: flags.repo, workId, ttlMinutes, log });
      printResult(Boolean(flags.json), approval, () => [
        `Approved merging ${approval.branch ?? `the branch of ${workId}`} (plan ${approval.planId}) into your checked-out branch.`,
        `Token (single use, valid until ${approval.expiresAt}) — give it to the agent as approvalToken:`,
        approval.token,
      ]);
    }));
}
