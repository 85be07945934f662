// A context pack's proof chain drawn as a chain (SVG built with createElementNS): one box per hop
// (its role, the node's name, its file and line), arrows between them, and the missing hop, if any,
// as a dashed box saying why. Hop names and paths come from the repository: text only, never markup.
import { arrowMarker, fit, svg, titled } from './pictures.js';

const BOX_WIDTH = 178;
const BOX_HEIGHT = 54;
const GAP = 30;
const ROW_GAP = 18;

function place(hop) {
  if (!hop.path) return '';
  return hop.line === undefined || hop.line === null ? hop.path : `${hop.path}:${hop.line}`;
}

function hopBox(picture, box, hop, missing) {
  const group = svg('g', { class: missing ? 'hop missing' : 'hop', 'data-role': hop.label, 'data-name': hop.name || '' });
  group.append(svg('rect', { x: box.x, y: box.y, width: BOX_WIDTH, height: BOX_HEIGHT, rx: 6 }));
  const middle = box.x + BOX_WIDTH / 2;
  group.append(svg('text', { x: middle, y: box.y + 15, 'text-anchor': 'middle', class: 'role' }, fit(hop.label, 26)));
  group.append(svg('text', { x: middle, y: box.y + 31, 'text-anchor': 'middle', class: 'name' }, fit(hop.name || hop.id || '', 28)));
  group.append(svg('text', { x: middle, y: box.y + 46, 'text-anchor': 'middle', class: 'place' }, fit(missing ? hop.reason : place(hop), 28, !missing)));
  titled(group, missing ? `${hop.label} missing: ${hop.reason}` : [hop.label, hop.name, place(hop), hop.id].filter(Boolean).join('\n'));
  picture.append(group);
}

/**
 * One stored proof chain (`{chainType, status, hops, hopsOmitted, missing, candidates}`), boxes wrapped
 * onto rows of at most `maxWidth` pixels.
 */
export function proofChain(chain, maxWidth = 1000) {
  const steps = [
    ...chain.hops.map((hop) => ({ hop, missing: false })),
    ...chain.missing.map((m) => ({ hop: { label: m.hop, reason: m.reason }, missing: true })),
  ];
  const perRow = Math.max(1, Math.floor((maxWidth + GAP) / (BOX_WIDTH + GAP)));
  const rows = Math.max(1, Math.ceil(steps.length / perRow));
  const width = Math.min(steps.length, perRow) * (BOX_WIDTH + GAP) - GAP + 8;
  const height = rows * (BOX_HEIGHT + ROW_GAP) + 4;
  const picture = svg('svg', {
    width: Math.max(width, 120), height, class: `proof-chain ${chain.status}`, role: 'img', 'data-chain-type': chain.chainType,
    'aria-label': `${chain.chainType} ${chain.status}: ${steps.map((s) => s.hop.label).join(' → ')}`,
  });
  const arrow = arrowMarker(picture);
  const boxes = steps.map((_, i) => ({ x: 4 + (i % perRow) * (BOX_WIDTH + GAP), y: 4 + Math.floor(i / perRow) * (BOX_HEIGHT + ROW_GAP) }));
  steps.forEach((step, i) => {
    hopBox(picture, boxes[i], step.hop, step.missing);
    const next = boxes[i + 1];
    if (!next) return;
    const from = boxes[i];
    const className = steps[i + 1].missing ? 'edge gap' : 'edge';
    if (next.y === from.y) {
      picture.append(svg('line', { x1: from.x + BOX_WIDTH + 2, y1: from.y + BOX_HEIGHT / 2, x2: next.x - 2, y2: next.y + BOX_HEIGHT / 2, class: className, 'marker-end': `url(#${arrow})` }));
      return;
    }
    // Onto the next row: down from the box, back along the gap between the rows, down into the next box.
    const down = from.y + BOX_HEIGHT + ROW_GAP / 2;
    const d = `M${from.x + BOX_WIDTH / 2},${from.y + BOX_HEIGHT + 1} V${down} H${next.x + BOX_WIDTH / 2} V${next.y - 2}`;
    picture.append(svg('path', { d, class: className, 'marker-end': `url(#${arrow})` }));
  });
  return picture;
}

/** A caption for a chain: its type, its status and what was left out. */
export function chainCaption(chain) {
  const parts = [`${chain.chainType.replace(/_/g, ' ')}: ${chain.status.replace(/_/g, ' ')}`];
  if (chain.hopsOmitted > 0) parts.push(`${chain.hopsOmitted} more hop(s) in the pack file`);
  if (chain.candidates.length > 0) parts.push(`candidates: ${chain.candidates.map((c) => c.name || c.id).join(', ')}`);
  return parts.join(' · ');
}
