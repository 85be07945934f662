// The work view: a work's state path (a picture), its pack (files with reasons, proof chains drawn as
// chains), its plan (a graph, and a table with every field), its review bundle and its gate runs.
import { cell, element, fill, getJson, row, time } from './dom.js';
import { planGraph } from './plan-graph.js';
import { stateChain } from './pictures.js';
import { chainCaption, proofChain } from './proof-chain.js';

let shownWorkId = null;
// A pack holds tens of files: the best few are listed, the rest on request.
const FIRST_FILES = 10;
const SHOWN_REASONS = 2;
let showAllFiles = false;

function fileRow(f) {
  const reasons = cell(f.reasons.slice(0, SHOWN_REASONS).join('\n'), 'reasons');
  if (f.reasons.length > SHOWN_REASONS) reasons.title = f.reasons.join('\n');
  return row([cell(f.rank, 'num'), cell(f.path, 'path'), cell(f.score === null ? '' : f.score.toFixed(2), 'num'), cell(f.lanes.join(' ')), reasons], { 'data-path': f.path });
}

function showPack(pack) {
  document.getElementById('work-pack').textContent = pack
    ? `${pack.id} v${pack.version ?? 1} (${pack.outcome || 'recorded'}${pack.strategyId ? `, ${pack.strategyId}` : ''}), ${pack.fileCount} file(s), ${pack.symbolCount} symbol(s)`
    : 'no pack recorded';
  const chains = document.getElementById('work-chains');
  chains.replaceChildren(...(pack ? pack.proofChains : []).map((chain) => {
    const figure = element('figure', undefined, 'chain');
    figure.setAttribute('data-chain-type', chain.chainType);
    figure.append(proofChain(chain, Math.max(600, chains.clientWidth - 8)), element('figcaption', chainCaption(chain)));
    return figure;
  }));
  if (pack && pack.proofChains.length === 0) chains.append(element('p', 'This pack holds no proof chain.', 'empty'));
  const files = pack ? pack.files : [];
  const toggle = document.getElementById('work-pack-more');
  const shown = showAllFiles ? files : files.slice(0, FIRST_FILES);
  fill('work-pack-files', shown.map(fileRow), 'work-pack-files-empty');
  toggle.hidden = files.length <= FIRST_FILES;
  toggle.textContent = showAllFiles ? `show the best ${FIRST_FILES} only` : `show all ${files.length} files`;
  if (pack && pack.filesTruncated) document.getElementById('work-pack').textContent += ` (the best ${pack.files.length} shown)`;
}

function reviewLink(workId, bundle, file) {
  const link = element('a', file);
  link.href = `/work/review-bundle?workId=${encodeURIComponent(workId)}&nodeId=${encodeURIComponent(bundle.nodeId)}&file=${encodeURIComponent(file)}`;
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  return link;
}

function showReviewBundle(workId, bundle) {
  const holder = document.getElementById('work-review');
  if (!bundle) return void holder.replaceChildren();
  const parts = [element('strong', 'Review bundle '), element('span', `(${bundle.nodeId}, ${time(bundle.at)}): `)];
  if (bundle.served) bundle.files.forEach((file, i) => parts.push(...(i > 0 ? [document.createTextNode(' · ')] : []), reviewLink(workId, bundle, file)));
  else parts.push(element('code', bundle.dir));
  holder.replaceChildren(...parts);
}

/** Opens (or refreshes) the view of one work. */
export async function showWork(workId) {
  if (shownWorkId !== workId) showAllFiles = false;
  shownWorkId = workId;
  const section = document.getElementById('work-section');
  section.hidden = false;
  const view = await getJson(`/work?workId=${encodeURIComponent(workId)}`);
  if (shownWorkId !== workId) return;
  const { work } = view;
  section.setAttribute('data-work-id', work.id);
  document.getElementById('work-title').textContent = work.id;
  document.getElementById('work-state').textContent = work.state;
  document.getElementById('work-prompt').textContent = work.originalPrompt || '';
  document.getElementById('work-plan').textContent = work.plan
    ? `plan ${work.plan.id} (${work.plan.status}), ${work.completedNodes ?? 0} of ${work.totalNodes ?? work.nodes.length} nodes done`
    : 'no accepted plan yet';
  const path = document.getElementById('work-path');
  path.replaceChildren(view.statePath.length > 0 ? stateChain(view.statePath) : element('p', 'No turns yet.', 'empty'));
  if (view.statePathTruncated) path.append(element('p', 'Only the newest turns are drawn.', 'empty'));
  showPack(view.pack);
  document.getElementById('work-plan-graph').replaceChildren(...(work.nodes.length > 0 ? [planGraph(work.nodes)] : []));
  showReviewBundle(work.id, view.reviewBundle);
  fill('work-nodes', work.nodes.map((n) => row([
    cell(n.ordinal, 'num'), cell(n.nodeId), cell(n.kind), cell([n.operation, n.targetFile || n.sideEffectType].filter(Boolean).join(' ')),
    cell([...n.dependsOn, ...n.mapsToNodeIds.map((m) => `checks ${m}`)].join('\n')), cell(n.outcome, `outcome ${n.outcome}`), cell(time(n.outcomeAt)),
  ], { 'data-node-id': n.nodeId, class: n.outcome })), 'work-nodes-empty');
  fill('work-runs', view.gateRuns.map((r) => row([
    cell(time(r.startedAt)), cell(r.nodeId), cell(r.stepName), cell(r.timedOut ? 'timed out' : r.passed ? 'passed' : 'failed'),
    cell(r.exitCode, 'num'), cell(r.durationMs, 'num'), cell(r.outputTail.split('\n').slice(-4).join('\n'), 'output'),
  ], { 'data-run-id': r.id, class: r.passed ? 'passed' : 'failed' })), 'work-runs-empty');
}

/** The id of the work shown (null: none). */
export function shownWork() {
  return shownWorkId;
}

/** The work shown, refreshed (after an event about it). */
export function refreshShownWork() {
  return shownWorkId ? showWork(shownWorkId) : Promise.resolve();
}

/** Lists all of the shown pack's files, or only the best again. */
export function toggleAllFiles() {
  showAllFiles = !showAllFiles;
  return refreshShownWork();
}

export function closeWork() {
  shownWorkId = null;
  document.getElementById('work-section').hidden = true;
}
