// Pending memories and policies, and a person's approve/reject. The token is the GraphQL mutation
// token the person types here: it is kept in this page's memory only (never stored, never in a URL)
// and sent as `Authorization: Bearer`; the console never sends it to anyone.
import { cell, cellOf, element, fill, getJson, row, time } from './dom.js';

function reviewToken() {
  return document.getElementById('review-token').value.trim();
}

function say(text, ok) {
  const status = document.getElementById('review-status');
  status.textContent = text;
  status.className = ok ? 'ok' : 'bad';
}

async function decide(memory, action, why) {
  const token = reviewToken();
  if (!token) return say('Type the review token first.', false);
  const response = await fetch(`/memories/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(why ? { id: memory.id, why } : { id: memory.id }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) return say(body.error ? `${body.error.code}: ${body.error.message}` : `HTTP ${response.status}`, false);
  say(`${body.transition.memoryId}: ${body.transition.from} → ${body.transition.to}`, true);
  await loadPending();
}

function actions(memory, enabled) {
  if (!enabled) return [];
  const why = element('input');
  why.type = 'text';
  why.placeholder = 'why (needed to reject)';
  why.maxLength = 2000;
  why.className = 'why';
  const approve = element('button', 'Approve', 'approve');
  approve.type = 'button';
  approve.addEventListener('click', () => void decide(memory, 'approve', why.value.trim()).catch((e) => say(e.message, false)));
  const reject = element('button', 'Reject', 'reject');
  reject.type = 'button';
  reject.addEventListener('click', () => {
    if (!why.value.trim()) return say('Say why before rejecting.', false);
    void decide(memory, 'reject', why.value.trim()).catch((e) => say(e.message, false));
  });
  return [why, approve, reject];
}

export async function loadPending() {
  const { review, memories, policies } = await getJson('/policies/pending');
  document.getElementById('review-on').hidden = !review.enabled;
  document.getElementById('review-off').hidden = review.enabled;
  fill('pending-memories', memories.map((m) => row([
    cell(m.memoryId), cell(m.state), cell(m.enforcementType), cell(m.trigger), cell(m.rejectionCodes.join(' ')),
    cell(m.anchors.join('\n')), cell(m.note, 'prompt'), cell(time(m.since)), cellOf(actions(m, review.enabled), 'actions'),
  ], { 'data-memory-id': m.id })), 'pending-memories-empty');
  fill('pending-policies', policies.map((p) => row([
    cell(p.id), cell(p.status), cell(`${p.fromTag || ''} → ${p.toTag || '?'}`), cell(p.notes, 'prompt'), cell(p.sourceFile),
  ], { 'data-policy-id': p.id })), 'pending-policies-empty');
}
