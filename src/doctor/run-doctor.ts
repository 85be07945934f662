import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { connectionFromEnv } from '../graph/connect.js';
import { bounded, type Check, type CheckResult } from './check.js';
import { clientChecks } from './client-checks.js';
import { daemonCheck } from './daemon-check.js';
import { machineChecks } from './machine-checks.js';
import { neo4jChecks } from './neo4j-checks.js';
import { repositoryChecks } from './repository-checks.js';

export interface DoctorOptions {
  /** The repository to check; none: the machine and the server only. */
  repo?: string;
  /** Per-probe deadline (a server that does not answer fails the check, it never hangs the doctor). */
  timeoutMs?: number;
}

export interface DoctorReport {
  ok: boolean;
  checks: CheckResult[];
}

const tag = (group: CheckResult['group'], checks: Check[]): CheckResult[] => checks.map((c) => ({ group, ...c }));

/** Every check, in the order a person fixes them: machine → Neo4j → repository → clients. */
export async function runDoctor(options: DoctorOptions = {}): Promise<DoctorReport> {
  const timeoutMs = options.timeoutMs ?? 8_000;
  const checks: CheckResult[] = tag('machine', await machineChecks({ usesLocalNeo4j: !connectionFromEnv() }));
  const neo4j = await neo4jChecks({ timeoutMs });
  checks.push(...tag('neo4j', [...neo4j.checks, ...(await bounded('daemon', timeoutMs, daemonCheck))]));
  try {
    if (options.repo !== undefined) {
      const root = existsSync(options.repo) ? realpathSync(options.repo) : undefined;
      if (!root || !existsSync(join(root, '.git'))) {
        checks.push({ group: 'repository', id: 'repository', status: root ? 'warn' : 'fail', summary: root ? `${root} is not a git work tree (ids and snapshots are content-based)` : `${options.repo} does not exist` });
      }
      if (root && neo4j.graph) {
        const graph = neo4j.graph;
        checks.push(...tag('repository', await bounded('repository', timeoutMs * 4, () => repositoryChecks(graph, root, timeoutMs * 3))));
      } else if (root) {
        checks.push({ group: 'repository', id: 'ingested', status: 'skip', summary: 'Neo4j did not answer' });
      }
      if (root) checks.push(...tag('clients', clientChecks(root)));
    }
  } finally {
    await neo4j.graph?.close();
  }
  return { ok: checks.every((c) => c.status !== 'fail'), checks };
}

const MARK: Record<CheckResult['status'], string> = { ok: '✓', warn: '!', fail: '✗', skip: '-' };

/** The report as a person reads it: one line per check, its fix indented below. */
export function doctorLines(report: DoctorReport): string[] {
  const lines: string[] = [];
  let group = '';
  for (const c of report.checks) {
    if (c.group !== group) {
      if (group) lines.push('');
      lines.push((group = c.group));
    }
    lines.push(`  ${MARK[c.status]} ${c.id.padEnd(16)} ${c.summary}`);
    if (c.fix && c.status !== 'ok') lines.push(`    fix: ${c.fix}`);
  }
  const failed = report.checks.filter((c) => c.status === 'fail').length;
  const warned = report.checks.filter((c) => c.status === 'warn').length;
  lines.push('', failed ? `${failed} check(s) failed, ${warned} warning(s).` : `All checks passed${warned ? ` (${warned} warning(s))` : ''}.`);
  return lines;
}
