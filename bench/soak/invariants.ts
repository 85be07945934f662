import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Graph } from '../../src/graph/index.js';
import type { AgentOutcome } from './agent.js';
import { expectedTexts, git, type SoakFixture } from './fixture.js';
import type { Recorder } from './recorder.js';
import { soakDuplicateKeys, soakHeldLeases, soakRunningOperations, soakTurns, soakWorks } from './soak.queries.js';

export interface Invariant {
  name: string;
  ok: boolean;
  /** One line: what held, or the first things that broke. */
  reason: string;
}

const first = (items: string[], n = 3) => items.slice(0, n).join('; ') + (items.length > n ? `; +${items.length - n} more` : '');
const check = (name: string, failures: string[], okReason: string): Invariant => ({ name, ok: failures.length === 0, reason: failures.length ? first(failures) : okReason });

/** The end-of-run checks of the soak, by Cypher on the soak's repoId and by git/fs on the fixture copy. */
export async function checkInvariants(input: { graph: Graph; repoId: string; fixture: SoakFixture; agents: AgentOutcome[]; rec: Recorder; hostile: boolean }): Promise<Invariant[]> {
  const { graph, repoId, fixture, agents, rec } = input;
  const out: Invariant[] = [];
  const works = await graph.read(soakWorks, { repoId });
  const mine = new Set(agents.map((a) => a.workId).filter((id): id is string => id !== null));

  const stateOf = new Map(works.map((w) => [w.workId, w.state]));
  out.push(check('every work ends in its expected state (COMPLETED)', [
    ...agents.map((a) => (a.workId === null ? `agent ${a.index}: no work (${a.error ?? 'never initialised'})` : stateOf.get(a.workId) === 'COMPLETED' ? '' : `agent ${a.index}: ${stateOf.get(a.workId) ?? 'missing'}${a.error ? ` (${a.error})` : ''}`)).filter(Boolean),
    ...works.filter((w) => !mine.has(w.workId)).map((w) => `unexpected work ${w.workId} (${w.state})`),
  ], `${agents.length} of ${agents.length} COMPLETED, no other work`));

  const running = await graph.read(soakRunningOperations, { repoId });
  out.push(check('no Operation left running', running.map((o) => `${o.verb} ${o.operationId} of ${o.workId} since ${o.createdAt}`), 'none running'));

  const leases = await graph.read(soakHeldLeases, { repoId });
  out.push(check('no orphan or expired lease still held', leases.map((l) => `${l.resource} held by ${l.workId} (${l.holderState ?? 'no such work'}${l.expired ? ', expired' : ''})`), 'every lease released'));

  out.push(turnsInvariant(await graph.read(soakTurns, { repoId }), rec));

  const dups = await graph.read(soakDuplicateKeys, { repoId });
  out.push(check('no node duplicated on a unique key', dups.map((d) => `${d.label} ${d.key} ×${d.copies}`), 'none'));

  out.push(check('the worktree files equal the accepted edits', worktreeFailures(fixture, agents, stateOf), `${agents.filter((a) => a.completed).length} worktree(s) and branches hold exactly the plan's edits`));
  out.push(check('nothing outside the worktrees was touched', outsideFailures(fixture, mine), 'main checkout clean, HEAD unchanged, no stray file or branch'));

  const badPlans = agents.flatMap((a) => a.goodPlanRejections.map((r) => `agent ${a.index}: ${r}`));
  const leaseWaits = agents.reduce((n, a) => n + a.leaseRefusals, 0);
  out.push(check('a known-good plan is never rejected except for a lease', badPlans, `${leaseWaits} lease refusal(s), nothing else`));

  const kills = agents.filter((a) => a.kill);
  out.push(check('every killed agent resumed and completed', kills.flatMap((a) => {
    const k = a.kill!;
    if (!k.resumed) return [`agent ${a.index} wedged (claim ${k.claimAfterKill ?? 'not yet taken'} after the kill): retries of ${k.operationId} answered ${[...new Set(k.resumeCodes)].join(', ') || 'nothing'} for ${k.resumeMs} ms; a new operationId answered ${k.freshOperation}`];
    return stateOf.get(k.workId) === 'COMPLETED' ? [] : [`agent ${a.index} resumed but ended ${stateOf.get(k.workId)}`];
  }), kills.length ? `${kills.length} kill(s): ${kills.map((a) => `${a.kill!.diedMidCall ? 'mid-call' : 'after the answer'} (claim ${a.kill!.claimAfterKill ?? 'not yet taken'}), resumed in ${a.kill!.resumeMs} ms`).join('; ')}` : 'no kill in this run'));

  if (input.hostile) {
    const sent = agents.reduce((n, a) => n + a.hostile.sent, 0);
    const refused = agents.reduce((n, a) => n + a.hostile.refused, 0);
    out.push(check('every hostile call refused with a deny code', agents.flatMap((a) => a.hostile.notRefused.map((m) => `agent ${a.index}: ${m}`)), `${refused} of ${sent} refused`));
  }
  return out;
}

/** Every answered turn has exactly one Turn node, under the caller's work; extra Turns only for calls a kill left unanswered. */
function turnsInvariant(turns: Array<{ id: string; workId: string | null; verb: string; linkedWorkId: string | null }>, rec: Recorder): Invariant {
  const answered = rec.answered();
  const byId = new Map<string, typeof turns>();
  for (const t of turns) byId.set(t.id, [...(byId.get(t.id) ?? []), t]);
  const failures: string[] = [];
  const missing = answered.filter((s) => !byId.has(s.traceRef!));
  if (missing.length) failures.push(`${missing.length} answered turn(s) not logged (${first(missing.map((s) => `${s.verb}/${s.denyCode ?? s.outcome}${s.duringOutage ? ' in outage' : ''}`), 4)})`);
  const twice = [...byId.entries()].filter(([, list]) => list.length > 1);
  if (twice.length) failures.push(`${twice.length} turn(s) logged more than once`);
  const wrongWork = answered.filter((s) => {
    const t = byId.get(s.traceRef!)?.[0];
    return t?.workId != null && s.workId !== null && t.workId !== s.workId;
  });
  if (wrongWork.length) failures.push(`${wrongWork.length} turn(s) logged under another work than the caller's (${first(wrongWork.map((s) => `${s.verb}/${s.denyCode ?? s.outcome}`), 2)})`);
  const seen = new Set(answered.map((s) => s.traceRef));
  const unanswered = rec.samples.filter((s) => s.traceRef === null).length;
  const extra = turns.filter((t) => !seen.has(t.id));
  if (extra.length > unanswered) failures.push(`${extra.length} Turn(s) for no answered call, ${unanswered} call(s) unanswered (${first(extra.map((t) => t.verb), 3)})`);
  const perWork = new Map<string, number>();
  for (const s of answered) if (s.workId) perWork.set(s.workId, (perWork.get(s.workId) ?? 0) + 1);
  return check('Turn nodes equal the turns answered', failures, `${turns.length} Turn nodes for ${answered.length} answered turns (${[...perWork.values()].join('/')} per work)`);
}

function worktreeFailures(fixture: SoakFixture, agents: AgentOutcome[], stateOf: Map<string, string>): string[] {
  const expected = expectedTexts(fixture.originals);
  const failures: string[] = [];
  for (const a of agents) {
    if (!a.workId || stateOf.get(a.workId) !== 'COMPLETED') continue;
    const worktree = join(fixture.root, '.worktrees', a.workId);
    const branch = `graphgate/${a.workId}`;
    try {
      const changed = git(fixture.root, 'diff', '--name-only', fixture.baseCommit, branch).split('\n').filter(Boolean).sort();
      if (changed.join() !== [...expected.keys()].sort().join()) failures.push(`agent ${a.index}: branch changes ${changed.join(', ') || 'nothing'}`);
      for (const [file, text] of expected) {
        if (git(fixture.root, 'show', `${branch}:${file}`) !== text.trimEnd()) failures.push(`agent ${a.index}: committed ${file} differs from the plan's edits`);
        if (existsSync(worktree) && readFileSync(join(worktree, file), 'utf8') !== text) failures.push(`agent ${a.index}: worktree ${file} differs from the plan's edits`);
      }
      if (existsSync(worktree)) {
        const dirty = git(worktree, 'status', '--porcelain');
        if (dirty) failures.push(`agent ${a.index}: uncommitted changes in its worktree: ${dirty.split('\n').slice(0, 2).join(', ')}`);
      }
    } catch (error) {
      failures.push(`agent ${a.index}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }
  return failures;
}

function outsideFailures(fixture: SoakFixture, works: Set<string>): string[] {
  const failures: string[] = [];
  const { root } = fixture;
  const status = git(root, 'status', '--porcelain');
  if (status) failures.push(`main checkout not clean: ${status.split('\n').slice(0, 3).join(', ')}`);
  if (git(root, 'rev-parse', 'HEAD') !== fixture.baseCommit) failures.push('main checkout HEAD moved');
  for (const [file, text] of fixture.originals) if (readFileSync(join(root, file), 'utf8') !== text) failures.push(`main checkout ${file} changed`);
  // Ignored entries may only be the controller's own folders (worktrees, per-work artifacts).
  const ignored = git(root, 'status', '--porcelain', '--ignored').split('\n').filter((l) => l.startsWith('!! ')).map((l) => l.slice(3));
  const stray = ignored.filter((p) => !p.startsWith('.worktrees/') && !p.startsWith('.ai/tmp/'));
  if (stray.length) failures.push(`stray files in the main checkout: ${stray.slice(0, 3).join(', ')}`);
  const branches = git(root, 'branch', '--format=%(refname:short)').split('\n').filter((b) => b !== 'main' && !works.has(b.replace(/^graphgate\//, '')));
  if (branches.length) failures.push(`unexpected branches: ${branches.slice(0, 3).join(', ')}`);
  const worktrees = existsSync(join(root, '.worktrees')) ? readdirSync(join(root, '.worktrees')).filter((d) => !works.has(d)) : [];
  if (worktrees.length) failures.push(`worktrees of no soak work: ${worktrees.join(', ')}`);
  const siblings = readdirSync(fixture.parent).filter((e) => e !== 'workspace');
  if (siblings.length) failures.push(`files written next to the repository: ${siblings.join(', ')}`);
  return failures;
}
