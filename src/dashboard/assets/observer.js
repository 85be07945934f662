// The observer console's page script (an ES module): reads the JSON endpoints and follows /stream/events.
// Every value from the graph (prompts, file paths, agent text) is untrusted: it only ever reaches
// the page through textContent, never as markup (dom.js, pictures.js).
import { cell, cellOf, element, fill, getJson, row, setBadge, time } from './dom.js';
import { heatmap, phaseBar, sparkline } from './pictures.js';
import { loadPending } from './review.js';
import { closeWork, refreshShownWork, shownWork, showWork, toggleAllFiles } from './work-view.js';

const MAX_TURNS = 200;
const seenTurns = new Set();

function turnRow(turn) {
  return row([
    cell(turn.seq, 'num'), cell(time(turn.at)), cell(turn.verb), cell(turn.outcome), cell((turn.denyCodes || []).join(' ')),
    cell(turn.workId), cell(turn.agentId), cell(turn.latencyMs, 'num'), cell((turn.files || []).join('\n')),
  ], { 'data-turn-id': turn.id, 'data-seq': turn.seq ?? '', class: turn.outcome });
}

/** Adds a turn at the top unless it is already shown (the first list and the stream may overlap). */
function showTurn(turn, fresh) {
  if (seenTurns.has(turn.id)) return;
  seenTurns.add(turn.id);
  const body = document.querySelector('#turns tbody');
  const tr = turnRow(turn);
  if (fresh) tr.classList.add('fresh');
  body.prepend(tr);
  while (body.rows.length > MAX_TURNS) body.lastElementChild.remove();
  document.getElementById('turns-empty').hidden = true;
}

function workButton(workId) {
  const button = element('button', workId, 'link');
  button.type = 'button';
  button.title = 'show this work';
  button.addEventListener('click', () => void showWork(workId).catch((error) => setBadge('stream', error.message, false)));
  return button;
}

async function loadWorks() {
  const { works } = await getJson('/worktrees');
  fill('works', works.map((w) => row([
    cellOf([workButton(w.id)]), cell(w.state), cell(w.originalPrompt, 'prompt'),
    cell(w.worktree ? `${w.worktree.branch || w.worktree.kind} ${w.worktree.root}` : ''),
    cell(w.leases.map((l) => `${l.resource}${l.live ? '' : ' (expired)'}`).join('\n')),
    cell(w.agents.map((a) => a.id).join('\n')), cell(`${w.usedTokens} / ${w.maxTokens}`, 'num'), cell(time(w.updatedAt)),
  ], { 'data-work-id': w.id })), 'works-empty');
}

async function loadRuns() {
  const { runs } = await getJson('/runs');
  fill('runs', runs.map((r) => row([
    cell(time(r.startedAt)), cell(r.workId), cell(r.nodeId), cell(r.stepName),
    cell(r.timedOut ? 'timed out' : r.passed ? 'passed' : 'failed'), cell(r.exitCode, 'num'), cell(r.durationMs, 'num'),
    cell(r.outputTail.split('\n').slice(-4).join('\n'), 'output'),
  ], { 'data-run-id': r.id, class: r.passed ? 'passed' : 'failed' })), 'runs-empty');
}

async function loadMetrics() {
  const metrics = await getJson('/metrics');
  document.getElementById('window').textContent = `last ${metrics.windowHours} h`;
  const series = new Map(metrics.latencySeries.map((s) => [s.verb, s.latencies]));
  fill('latency', metrics.latency.map((l) => row([
    cell(l.verb), cell(l.turns, 'num'), cell(l.p50, 'num'), cell(l.p95, 'num'), cell(l.p99, 'num'), cell(l.max, 'num'), cellOf([sparkline(series.get(l.verb) || [])], 'spark'),
  ], { 'data-verb': l.verb })));
  fill('rejections', metrics.rejections.map((r) => row([cell(r.code), cell(r.count, 'num')], { 'data-code': r.code })), 'rejections-empty');
  const cells = metrics.rejectionHeatmap;
  document.getElementById('heatmap').replaceChildren(...(cells.length > 0 ? [heatmap(cells)] : []));
  document.getElementById('heatmap-empty').hidden = cells.length > 0;
  showPlaneMetrics(metrics);
  fill('ingests', metrics.ingests.map((run) => row([
    cell(time(run.ingestedAt)), cell(run.mode), cell(`${run.filesParsed} of ${run.filesSeen}`, 'num'), cell(run.totalMs, 'num'), cellOf([phaseBar(run.phases)], 'spark'),
    cell([...run.phases].sort((a, b) => b.ms - a.ms).slice(0, 3).filter((p) => p.ms > 0).map((p) => `${p.phase} ${p.ms}`).join(' · ')),
  ], { 'data-snapshot-id': run.snapshotId })), 'ingests-empty');
}

function showPlaneMetrics({ memory, packOutcomes }) {
  const rate = memory.friction.resolutionRate;
  document.getElementById('friction-rate').textContent = rate === null
    ? 'no friction recorded'
    : `${Math.round(rate * 100)}% resolved (${memory.friction.resolved} of ${memory.friction.events} refusals fixed by a later pass)`;
  document.getElementById('memory-states').textContent = memory.memoriesByState.map((m) => `${m.count} ${m.state}`).join(', ') || 'none';
  document.getElementById('pack-outcomes').textContent = packOutcomes.map((p) => `${p.count} ${p.outcome}`).join(', ') || 'no works started in this window';
}

async function loadHealth() {
  try {
    const health = await getJson('/health');
    const ok = health.status === 'ok';
    setBadge('health', health.neo4j.reachable ? `Neo4j ${health.neo4j.version}, schema ${health.schema.version}${ok ? '' : ' (migrations pending)'}` : 'Neo4j unreachable', ok);
  } catch (error) {
    setBadge('health', `health: ${error.message}`, false);
  }
}

const LOADERS = { works: loadWorks, runs: loadRuns, metrics: loadMetrics, pending: loadPending, work: refreshShownWork };
const due = new Set();
let refreshTimer = null;
/** Refreshes the named parts of the page, at most once a second while events stream in. */
function scheduleRefresh(parts) {
  for (const part of parts) due.add(part);
  if (refreshTimer) return;
  refreshTimer = setTimeout(() => {
    refreshTimer = null;
    const loads = [...due].map((part) => LOADERS[part]());
    due.clear();
    Promise.all(loads).catch((error) => setBadge('stream', error.message, false));
  }, 1000);
}

/** What an event other than a turn says, in a few words (the header shows the latest). */
function describe(kind, data) {
  if (kind === 'state') return `${data.workId}: ${data.from} → ${data.to}`;
  if (kind === 'plan') return `${data.workId}: plan ${data.verdict}${data.codes.length > 0 ? ` (${data.codes.join(', ')})` : ''}`;
  if (kind === 'gate') return `${data.workId}: gate ${data.stepName} ${data.timedOut ? 'timed out' : data.passed ? 'passed' : 'failed'}`;
  return `${data.workId}: leases ${data.change}`;
}

/** Which parts of the page an event changes; the open work view only for events about its work. */
const CHANGES = { state: ['works'], plan: ['pending'], gate: ['runs'], lease: ['works'] };

function follow(cursor) {
  // EventSource sends Last-Event-ID itself when it reconnects; `after` is only the first position.
  const source = new EventSource(`/stream/events?after=${encodeURIComponent(cursor)}`);
  source.addEventListener('open', () => setBadge('stream', 'live', true));
  source.addEventListener('error', () => setBadge('stream', 'reconnecting…', false));
  source.addEventListener('unavailable', () => setBadge('stream', 'graph unavailable, retrying…', false));
  source.addEventListener('available', () => setBadge('stream', 'live', true));
  source.addEventListener('turn', (event) => {
    const turn = JSON.parse(event.data);
    showTurn(turn, true);
    scheduleRefresh(['works', 'metrics', 'pending', ...(turn.workId && turn.workId === shownWork() ? ['work'] : [])]);
  });
  for (const kind of Object.keys(CHANGES)) {
    source.addEventListener(kind, (event) => {
      const data = JSON.parse(event.data);
      document.getElementById('activity').textContent = describe(kind, data);
      scheduleRefresh([...CHANGES[kind], ...(data.workId && data.workId === shownWork() ? ['work'] : [])]);
    });
  }
}

async function start() {
  try {
    const recent = await getJson('/turn?limit=100');
    document.getElementById('repo').textContent = recent.repoId;
    for (const turn of [...recent.turns].reverse()) showTurn(turn, false);
    document.getElementById('turns-empty').hidden = recent.turns.length > 0;
    follow(recent.cursor);
    document.getElementById('work-close').addEventListener('click', closeWork);
    document.getElementById('work-pack-more').addEventListener('click', () => void toggleAllFiles().catch((error) => setBadge('stream', error.message, false)));
    await Promise.all([loadWorks(), loadRuns(), loadMetrics(), loadHealth(), loadPending()]);
  } catch (error) {
    setBadge('stream', `cannot load: ${error.message}`, false);
  }
}

start();
