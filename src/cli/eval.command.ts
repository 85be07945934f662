import type { Command } from 'commander';
import { configureEvalCommand } from '../eval/eval-command.js';

/** `graphgate eval` — the retrieval evaluation (task file, or --history <repoPath>); see src/eval/README.md. */
export function registerEvalCommand(program: Command): void {
  configureEvalCommand(program.command('eval'));
}
