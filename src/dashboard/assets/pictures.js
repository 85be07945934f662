// Pictures of the observer console (SVG built with createElementNS): a latency sparkline, the rejection
// heatmap and a work's state path. Text from the graph is untrusted: it only reaches SVG as textContent
// or as attribute values, never as markup.

const SVG = 'http://www.w3.org/2000/svg';

export function svg(tag, attributes, text) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes || {})) element.setAttribute(name, String(value));
  if (text !== undefined) element.textContent = String(text);
  return element;
}

export function titled(element, text) {
  element.append(svg('title', {}, text));
  return element;
}

/** A line of `values` (ms, oldest first) scaled to its own min..max. */
export function sparkline(values, width = 140, height = 26) {
  const picture = svg('svg', { width, height, viewBox: `0 0 ${width} ${height}`, class: 'sparkline', role: 'img' });
  if (values.length === 0) return picture;
  const max = Math.max(...values);
  const min = Math.min(...values);
  const span = Math.max(max - min, 1);
  const step = values.length > 1 ? (width - 4) / (values.length - 1) : 0;
  const points = values.map((v, i) => `${(2 + i * step).toFixed(1)},${(height - 3 - ((v - min) / span) * (height - 6)).toFixed(1)}`);
  picture.setAttribute('aria-label', `last ${values.length} latencies, ${min}–${max} ms`);
  titled(picture, `last ${values.length} turns: ${min}–${max} ms, newest ${values[values.length - 1]} ms`);
  picture.append(svg('polyline', { points: points.join(' '), class: 'line' }));
  const [x, y] = points[points.length - 1].split(',');
  picture.append(svg('circle', { cx: x, cy: y, r: 2, class: 'dot' }));
  return picture;
}

/** An ingest run's phases as one stacked bar (each segment's share of the run), each segment titled with its time. */
export function phaseBar(phases, width = 220, height = 14) {
  const total = Math.max(phases.reduce((sum, p) => sum + p.ms, 0), 1);
  const picture = svg('svg', { width, height, viewBox: `0 0 ${width} ${height}`, class: 'phase-bar', role: 'img', 'aria-label': phases.map((p) => `${p.phase} ${p.ms} ms`).join(', ') });
  let x = 0;
  phases.forEach((p, i) => {
    const w = (p.ms / total) * width;
    if (w <= 0) return;
    picture.append(titled(svg('rect', { x: x.toFixed(1), y: 0, width: Math.max(w, 0.5).toFixed(1), height, class: `phase phase-${i % 10}`, 'data-phase': p.phase }), `${p.phase}: ${p.ms} ms`));
    x += w;
  });
  return picture;
}

const MAX_CODES = 12;
const MAX_ANCHORS = 16;

function totals(cells, key) {
  const sums = new Map();
  for (const cell of cells) sums.set(cell[key], (sums.get(cell[key]) || 0) + cell.events);
  return [...sums].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0]))).map(([name]) => name);
}

/** Deny codes (rows) × domain anchors (columns); a cell's colour is its share of the busiest cell. */
export function heatmap(cells) {
  const codes = totals(cells, 'code').slice(0, MAX_CODES);
  const anchorIds = totals(cells, 'anchorId').slice(0, MAX_ANCHORS);
  const label = new Map(cells.map((c) => [c.anchorId, c.anchor || c.anchorId]));
  const size = 26;
  const left = 8 + Math.min(28, Math.max(...codes.map((c) => c.length), 4)) * 7;
  // Column labels are rotated 40°: they rise by sin and run right by cos of their length (~6.5 px a character).
  const labelLength = Math.min(30, Math.max(...anchorIds.map((a) => label.get(a).length), 4)) * 6.5;
  const top = 12 + labelLength * Math.sin(Math.PI * 40 / 180);
  const width = left + anchorIds.length * size + labelLength * Math.cos(Math.PI * 40 / 180);
  const height = top + codes.length * size + 8;
  const picture = svg('svg', { width, height, viewBox: `0 0 ${width} ${height}`, class: 'heatmap', role: 'img', 'aria-label': 'rejections by deny code and domain anchor' });
  const max = Math.max(...cells.map((c) => c.events), 1);
  codes.forEach((code, row) => {
    picture.append(svg('text', { x: left - 6, y: top + row * size + size / 2 + 4, 'text-anchor': 'end', class: 'code' }, code.length > 28 ? `${code.slice(0, 27)}…` : code));
  });
  anchorIds.forEach((anchorId, column) => {
    const x = left + column * size + size / 2;
    const text = label.get(anchorId);
    const shown = text.length > 30 ? `…${text.slice(-29)}` : text;
    picture.append(titled(svg('text', { x, y: top - 6, transform: `rotate(-40 ${x} ${top - 6})`, class: 'anchor' }, shown), text));
  });
  for (const cell of cells) {
    const row = codes.indexOf(cell.code);
    const column = anchorIds.indexOf(cell.anchorId);
    if (row < 0 || column < 0) continue;
    const rect = svg('rect', {
      x: left + column * size + 1, y: top + row * size + 1, width: size - 2, height: size - 2, rx: 3,
      class: 'cell', 'fill-opacity': (0.15 + 0.85 * (cell.events / max)).toFixed(2), 'data-code': cell.code, 'data-anchor': label.get(cell.anchorId),
    });
    picture.append(titled(rect, `${cell.code} in ${label.get(cell.anchorId)}: ${cell.events} refusal(s) in ${cell.works} work(s)`));
    picture.append(svg('text', { x: left + column * size + size / 2, y: top + row * size + size / 2 + 4, 'text-anchor': 'middle', class: 'count' }, cell.events));
  }
  return picture;
}

let markers = 0;
/** Adds an arrow-head marker to `picture` and returns its id (unique on the page: pictures come and go). */
export function arrowMarker(picture) {
  markers += 1;
  const id = `arrow-${markers}`;
  const defs = svg('defs', {});
  const marker = svg('marker', { id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' });
  marker.append(svg('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrow-head' }));
  defs.append(marker);
  picture.append(defs);
  return id;
}

/** `text` cut to `max` characters for a box; the whole text goes in the box's title. */
export function fit(text, max, fromEnd = false) {
  const value = text === null || text === undefined ? '' : String(text);
  if (value.length <= max) return value;
  return fromEnd ? `…${value.slice(value.length - max + 1)}` : `${value.slice(0, max - 1)}…`;
}

/** The states a work went through, as boxes joined by arrows, wrapped onto rows. */
export function stateChain(steps, maxWidth = 1000) {
  const boxHeight = 30;
  const gap = 26;
  const rowHeight = boxHeight + 22;
  const boxes = [];
  let x = 4;
  let row = 0;
  for (const step of steps) {
    const width = Math.max(70, step.state.length * 7.5 + 18);
    if (x + width > maxWidth && x > 4) {
      x = 4;
      row += 1;
    }
    boxes.push({ step, x, y: 4 + row * rowHeight, width });
    x += width + gap;
  }
  const width = Math.min(maxWidth, Math.max(...boxes.map((b) => b.x + b.width), 10) + 4);
  const picture = svg('svg', { width, height: (row + 1) * rowHeight + 4, class: 'state-chain', role: 'img', 'aria-label': steps.map((s) => s.state).join(' → ') });
  const arrow = arrowMarker(picture);
  boxes.forEach((box, i) => {
    const group = svg('g', { class: 'state', 'data-state': box.step.state });
    group.append(svg('rect', { x: box.x, y: box.y, width: box.width, height: boxHeight, rx: 6 }));
    group.append(svg('text', { x: box.x + box.width / 2, y: box.y + boxHeight / 2 + 4, 'text-anchor': 'middle' }, box.step.state));
    group.append(svg('text', { x: box.x + box.width / 2, y: box.y + boxHeight + 14, 'text-anchor': 'middle', class: 'via' }, box.step.verb || 'start'));
    titled(group, `${box.step.state} since ${box.step.at}${box.step.verb ? ` (${box.step.verb}, turn ${box.step.seq ?? '?'})` : ''}`);
    picture.append(group);
    const next = boxes[i + 1];
    if (next && next.y === box.y) {
      picture.append(svg('line', { x1: box.x + box.width + 2, y1: box.y + boxHeight / 2, x2: next.x - 2, y2: next.y + boxHeight / 2, class: 'edge', 'marker-end': `url(#${arrow})` }));
    }
  });
  return picture;
}
