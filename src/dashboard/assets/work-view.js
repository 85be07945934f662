// The work view: a work's state path (a picture), its current plan's nodes with their outcome, its gate runs.
import { cell, element, fill, getJson, row, time } from './dom.js';
import { stateChain } from './pictures.js';

let shownWorkId = null;

/** Opens (or refreshes) the view of one work. */
export async function showWork(workId) {
  shownWorkId = workId;
  const section = document.getElementById('work-section');
  section.hidden = false;
  const view = await getJson(`/work?workId=${encodeURIComponent(workId)}`);
  if (shownWorkId !== workId) return;
  const { work } = view;
  document.getElementById('work-title').textContent = work.id;
  document.getElementById('work-state').textContent = work.state;
  document.getElementById('work-prompt').textContent = work.originalPrompt || '';
  document.getElementById('work-plan').textContent = work.plan
    ? `plan ${work.plan.id} (${work.plan.status}), ${work.completedNodes ?? 0} of ${work.totalNodes ?? work.nodes.length} nodes done`
    : 'no accepted plan yet';
  const path = document.getElementById('work-path');
  path.replaceChildren(view.statePath.length > 0 ? stateChain(view.statePath) : element('p', 'No turns yet.', 'empty'));
  if (view.statePathTruncated) path.append(element('p', 'Only the newest turns are drawn.', 'empty'));
  fill('work-nodes', work.nodes.map((n) => row([
    cell(n.ordinal, 'num'), cell(n.nodeId), cell(n.kind), cell([n.operation, n.targetFile || n.sideEffectType].filter(Boolean).join(' ')),
    cell([...n.dependsOn, ...n.mapsToNodeIds.map((m) => `checks ${m}`)].join('\n')), cell(n.outcome, `outcome ${n.outcome}`), cell(time(n.outcomeAt)),
  ], { 'data-node-id': n.nodeId, class: n.outcome })), 'work-nodes-empty');
  fill('work-runs', view.gateRuns.map((r) => row([
    cell(time(r.startedAt)), cell(r.nodeId), cell(r.stepName), cell(r.timedOut ? 'timed out' : r.passed ? 'passed' : 'failed'),
    cell(r.exitCode, 'num'), cell(r.durationMs, 'num'), cell(r.outputTail.split('\n').slice(-4).join('\n'), 'output'),
  ], { 'data-run-id': r.id, class: r.passed ? 'passed' : 'failed' })), 'work-runs-empty');
}

/** The work shown, refreshed as turns stream in (null: none). */
export function refreshShownWork() {
  return shownWorkId ? showWork(shownWorkId) : Promise.resolve();
}

export function closeWork() {
  shownWorkId = null;
  document.getElementById('work-section').hidden = true;
}
