import type { SoakOptions, SoakReport } from './runner.js';

const pad = (s: string | number, n: number) => String(s).padStart(n);

/** The command that reruns this soak with the same agents, faults, policy and seed. */
export function reproduceCommand(o: Pick<SoakOptions, 'agents' | 'faults' | 'policy' | 'seed' | 'killMode' | 'kills' | 'killDelayMs' | 'failpoint' | 'leaseSeconds' | 'gateNiceness' | 'warmPlans' | 'ballast' | 'thinkMs'>): string {
  const faults = Object.entries(o.faults).filter(([, on]) => on).map(([name]) => name).join(',');
  return `npm run soak -- --agents ${o.agents}${faults ? ` --faults ${faults}` : ''} --policy ${o.policy} --lease-seconds ${o.leaseSeconds}${o.gateNiceness === undefined ? '' : ` --gate-niceness ${o.gateNiceness}`}${o.faults.kill ? ` --kill-mode ${o.killMode} ${o.killMode === 'timer' ? `--kill-delay-ms ${o.killDelayMs.join('-')}` : `--failpoint ${o.failpoint}`} --kills ${o.kills}` : ''}${o.thinkMs && o.thinkMs[1] > 0 ? ` --think-ms ${o.thinkMs.join('-')}` : ''}${o.warmPlans ? ' --warm-plans' : ''}${(o.ballast ?? []).map((b) => ` --ballast ${b}`).join('')} --seed ${o.seed}`;
}

/** The human table: per-verb latency, throughput, faults, invariants (✓/✗ with one line each) and the reproduce command. */
export function formatReport(r: SoakReport): string {
  const lines: string[] = [];
  lines.push(`soak: ${r.options.agents} agent(s), faults ${Object.entries(r.options.faults).filter(([, on]) => on).map(([k]) => k).join(',') || 'none'}, policy ${r.options.policy}, seed ${r.options.seed}`);
  const warm = r.planWarmUp ? ` (plan warm-up ${r.planWarmUp.warmed}/${r.planWarmUp.shapes} shapes, ${(r.planWarmUp.ms / 1000).toFixed(1)} s)` : '';
  if (r.ballast.length) lines.push(`ballast: ${r.ballast.map((b) => `${b.repoId} (${b.files} files)`).join(', ')}`);
  lines.push(`ingest ${(r.ingestMs / 1000).toFixed(1)} s${warm}; agents ${(r.agentPhaseMs / 1000).toFixed(1)} s; ${r.answeredTurns} turns answered, ${r.turnsPerSecond} turns/s`);
  lines.push('');
  lines.push(`${'verb'.padEnd(26)}${pad('n', 6)}${pad('denied', 8)}${pad('p50 ms', 10)}${pad('p95 ms', 10)}${pad('max ms', 10)}${pad('p95 no-outage', 15)}`);
  for (const v of r.verbs) lines.push(`${v.verb.slice(0, 25).padEnd(26)}${pad(v.n, 6)}${pad(v.denied, 8)}${pad(v.p50, 10)}${pad(v.p95, 10)}${pad(v.max, 10)}${pad(v.p95Steady, 15)}`);
  const { start, firstAnswer } = r.starts;
  lines.push(`process start (spawn → initialize answered), ${r.starts.n}: p50 ${start.p50} / p95 ${start.p95} / max ${start.max} ms`);
  if (firstAnswer) lines.push(`first answer (start + initialize_work), per agent: p50 ${firstAnswer.p50} / p95 ${firstAnswer.p95} / max ${firstAnswer.max} ms`);
  lines.push('');
  for (const a of r.agents) {
    const kill = a.kill ? `; killed (${a.kill.mode === 'failpoint' ? r.options.failpoint : 'timer'}${a.kill.delayMs !== null ? ` +${a.kill.delayMs} ms` : ''}, ${a.kill.diedMidCall ? 'mid-call' : 'after the answer'}, claim ${a.kill.claimAfterKill ?? 'not yet taken'}), ${a.kill.resumed ? `resumed in ${a.kill.resumeMs} ms` : 'NOT resumed'}` : '';
    const hostile = a.hostile.sent ? `; hostile ${a.hostile.refused}/${a.hostile.sent} refused` : '';
    lines.push(`agent ${a.index} ${a.workId ?? '-'}: ${a.completed ? 'COMPLETED' : `stopped in ${a.lastState} (${a.error})`}; ${a.leaseRefusals} lease refusal(s) (${a.cheapPlanRetries} retried by retryPlanId, ${a.planResends} made it resend the plan)${kill}${hostile}`);
    for (const u of a.unexpected.slice(0, 3)) lines.push(`    unexpected: ${u}`);
  }
  if (r.db) lines.push(`db fault: ${r.db.fired ? `stop took ${r.db.stopMs} ms, server back after ${r.db.outageMs} ms${r.db.error ? `, error: ${r.db.error}` : ''}` : 'never fired (too few patches applied)'}`);
  lines.push('');
  for (const i of r.invariants) lines.push(`${i.ok ? '✓' : '✗'} ${i.name}: ${i.reason}`);
  lines.push('');
  lines.push(`${r.ok ? 'all invariants held' : `${r.invariants.filter((i) => !i.ok).length} invariant(s) failed`}; server logs: ${r.logDir}`);
  lines.push(`reproduce: ${reproduceCommand(r.options)}`);
  return lines.join('\n');
}
