import { AppError } from '../errors/index.js';
import type { McpClient } from '../mcp/client-config.js';
import { applyInit } from './apply-init.js';
import { initRoot, planInit, type InitPlan } from './init-plan.js';

export interface InitOptions {
  repo: string;
  clients: McpClient[];
  /** Replace graphgate's own entries and block where someone changed them (never other content). */
  force?: boolean;
  /** The user's home (client files of user scope); tests point it elsewhere. */
  home?: string;
}

export interface InitResult {
  root: string;
  plan: InitPlan;
  /** Absolute paths written (empty: nothing to change). */
  written: string[];
}

/**
 * `graphgate init`: plans every file first; a conflict (someone changed graphgate's entry or block)
 * refuses the whole run with its diff unless --force; then writes all or nothing.
 */
export function runInit(options: InitOptions): InitResult {
  const root = initRoot(options.repo);
  const plan = planInit(root, options.clients, { ...(options.force ? { force: true } : {}), ...(options.home ? { home: options.home } : {}) });
  const conflicts = plan.files.filter((f) => f.action === 'conflict');
  if (conflicts.length) {
    throw new AppError('INVALID_ARGS', {
      message: `graphgate init would overwrite edits; nothing was written.\n${conflicts.map((c) => `${c.display}: ${c.conflict}`).join('\n')}\nKeep yours, or run again with --force to replace graphgate's entries.`,
      details: { conflicts: conflicts.map((c) => ({ path: c.display, reason: c.conflict })) },
    });
  }
  return { root, plan, written: applyInit(plan) };
}

/** One line per file and folder, then what comes next. */
export function initLines(result: InitResult): string[] {
  const lines = result.plan.dirs.map((d) => `  created  ${d.slice(result.root.length + 1)}/`);
  for (const f of result.plan.files) lines.push(`  ${f.action === 'create' ? 'created ' : f.action === 'update' ? 'updated ' : 'kept    '} ${f.display}`);
  const changed = result.written.length + result.plan.dirs.length;
  return [changed ? `graphgate init in ${result.root}:` : `Nothing to change: graphgate is already set up in ${result.root}.`, ...(changed ? lines : [])];
}
