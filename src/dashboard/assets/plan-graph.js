// A plan drawn as a graph (SVG built with createElementNS): plan nodes in columns by dependency depth,
// an arrow from each node to the nodes that depend on it, a dashed arrow from a validate node to the
// change nodes it checks, each node coloured by its outcome. Node ids and file paths are text only.
import { arrowMarker, fit, svg, titled } from './pictures.js';

const BOX_WIDTH = 190;
const BOX_HEIGHT = 46;
const COLUMN_GAP = 56;
const ROW_GAP = 14;
const MAX_NODES = 200;

/** Depth of each node: 0 without dependencies, else one more than its deepest dependency (cycles and unknown ids ignored). */
function depths(nodes) {
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const depth = new Map();
  const visiting = new Set();
  const of = (node) => {
    if (depth.has(node.nodeId)) return depth.get(node.nodeId);
    if (visiting.has(node.nodeId)) return 0;
    visiting.add(node.nodeId);
    const deps = node.dependsOn.map((id) => byId.get(id)).filter(Boolean);
    const d = deps.length === 0 ? 0 : 1 + Math.max(...deps.map(of));
    visiting.delete(node.nodeId);
    depth.set(node.nodeId, d);
    return d;
  };
  for (const node of nodes) of(node);
  return depth;
}

function nodeText(node) {
  const target = node.targetFile || node.sideEffectType || node.operation || '';
  return { title: `${node.nodeId} (${node.kind})`, target };
}

/** The plan's nodes (`/work`'s `work.nodes`) as a left-to-right dependency graph. */
export function planGraph(allNodes) {
  const nodes = allNodes.slice(0, MAX_NODES);
  const depth = depths(nodes);
  const columns = [];
  for (const node of nodes) (columns[depth.get(node.nodeId)] ||= []).push(node);
  const boxes = new Map();
  columns.forEach((column, c) => column.forEach((node, r) => {
    boxes.set(node.nodeId, { x: 4 + c * (BOX_WIDTH + COLUMN_GAP), y: 4 + r * (BOX_HEIGHT + ROW_GAP), node });
  }));
  const width = columns.length * (BOX_WIDTH + COLUMN_GAP) - COLUMN_GAP + 10;
  const height = Math.max(...columns.map((c) => c.length)) * (BOX_HEIGHT + ROW_GAP) + 4;
  const picture = svg('svg', { width, height, class: 'plan-graph', role: 'img', 'aria-label': `plan of ${nodes.length} node(s)` });
  const arrow = arrowMarker(picture);
  const edge = (from, to, className) => {
    const x1 = from.x + BOX_WIDTH + 1;
    const y1 = from.y + BOX_HEIGHT / 2;
    const x2 = to.x - 3;
    const y2 = to.y + BOX_HEIGHT / 2;
    const bend = Math.max(20, (x2 - x1) / 2);
    picture.append(svg('path', { d: `M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}`, class: className, 'marker-end': `url(#${arrow})` }));
  };
  for (const { node, ...to } of boxes.values()) {
    for (const dep of node.dependsOn) if (boxes.has(dep)) edge(boxes.get(dep), to, 'edge');
    // A validate node checks change nodes it may not depend on directly: drawn dashed when it is not also a dependency.
    for (const checked of node.mapsToNodeIds) if (boxes.has(checked) && !node.dependsOn.includes(checked)) edge(boxes.get(checked), to, 'edge checks');
  }
  for (const { node, x, y } of boxes.values()) {
    const { title, target } = nodeText(node);
    const group = svg('g', { class: `plan-node ${node.kind} outcome-${node.outcome}`, 'data-node-id': node.nodeId, 'data-outcome': node.outcome });
    group.append(svg('rect', { x, y, width: BOX_WIDTH, height: BOX_HEIGHT, rx: 6 }));
    group.append(svg('text', { x: x + 8, y: y + 16, class: 'id' }, fit(title, 30)));
    group.append(svg('text', { x: x + 8, y: y + 30, class: 'target' }, fit(target, 28, true)));
    group.append(svg('text', { x: x + 8, y: y + 42, class: 'status' }, node.outcome));
    titled(group, [title, target, `outcome: ${node.outcome}`, node.dependsOn.length > 0 ? `after ${node.dependsOn.join(', ')}` : ''].filter(Boolean).join('\n'));
    picture.append(group);
  }
  return picture;
}
