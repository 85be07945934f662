// The observer console's page script: reads the JSON endpoints and follows /stream/events.
// Every value from the graph (prompts, file paths, agent text) is untrusted: it only ever reaches
// the page through textContent, never as markup.
'use strict';

const MAX_TURNS = 200;
const seenTurns = new Set();

/** A table cell holding `value` as text. */
function cell(value, className) {
  const td = document.createElement('td');
  td.textContent = value === null || value === undefined ? '' : String(value);
  if (className) td.className = className;
  return td;
}

function row(cells, attributes) {
  const tr = document.createElement('tr');
  for (const td of cells) tr.append(td);
  for (const [name, value] of Object.entries(attributes || {})) tr.setAttribute(name, String(value));
  return tr;
}

function fill(tableId, rows, emptyId) {
  document.querySelector(`#${tableId} tbody`).replaceChildren(...rows);
  if (emptyId) document.getElementById(emptyId).hidden = rows.length > 0;
}

function time(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleTimeString();
}

async function getJson(path) {
  const response = await fetch(path, { headers: { accept: 'application/json' } });
  const body = await response.json();
  if (!response.ok && !(path === '/health' && body.neo4j)) throw new Error(body.error ? `${body.error.code}: ${body.error.message}` : `HTTP ${response.status}`);
  return body;
}

function setBadge(id, text, ok) {
  const badge = document.getElementById(id);
  badge.textContent = text;
  badge.className = `badge ${ok ? 'ok' : 'bad'}`;
}

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

async function loadWorks() {
  const { works } = await getJson('/worktrees');
  fill('works', works.map((w) => row([
    cell(w.id), cell(w.state), cell(w.originalPrompt, 'prompt'),
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
  fill('latency', metrics.latency.map((l) => row([cell(l.verb), cell(l.turns, 'num'), cell(l.p50, 'num'), cell(l.p95, 'num'), cell(l.p99, 'num'), cell(l.max, 'num')], { 'data-verb': l.verb })));
  fill('rejections', metrics.rejections.map((r) => row([cell(r.code), cell(r.count, 'num')], { 'data-code': r.code })), 'rejections-empty');
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

let refreshTimer = null;
/** Works, gate runs and metrics change with turns: refresh them at most once a second while turns stream in. */
function scheduleRefresh() {
  if (refreshTimer) return;
  refreshTimer = setTimeout(() => {
    refreshTimer = null;
    Promise.all([loadWorks(), loadRuns(), loadMetrics()]).catch((error) => setBadge('stream', error.message, false));
  }, 1000);
}

function follow(cursor) {
  // EventSource sends Last-Event-ID itself when it reconnects; `after` is only the first position.
  const source = new EventSource(`/stream/events?after=${encodeURIComponent(cursor)}`);
  source.addEventListener('open', () => setBadge('stream', 'live', true));
  source.addEventListener('error', () => setBadge('stream', 'reconnecting…', false));
  source.addEventListener('unavailable', () => setBadge('stream', 'graph unavailable, retrying…', false));
  source.addEventListener('available', () => setBadge('stream', 'live', true));
  source.addEventListener('turn', (event) => {
    showTurn(JSON.parse(event.data), true);
    scheduleRefresh();
  });
}

async function start() {
  try {
    const recent = await getJson('/turn?limit=100');
    document.getElementById('repo').textContent = recent.repoId;
    for (const turn of [...recent.turns].reverse()) showTurn(turn, false);
    document.getElementById('turns-empty').hidden = recent.turns.length > 0;
    follow(recent.cursor);
    await Promise.all([loadWorks(), loadRuns(), loadMetrics(), loadHealth()]);
  } catch (error) {
    setBadge('stream', `cannot load: ${error.message}`, false);
  }
}

start();
