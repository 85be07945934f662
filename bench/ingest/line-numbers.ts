import { Node, Project } from 'ts-morph';
import { endLine, startLine } from '../../ingest/extractors/support/lines.js';

/**
 * Line numbers of one file's classes, members and calls: ts-morph's `getStartLineNumber()` /
 * `getEndLineNumber()` (a newline count from the top of the file per call) against the per-file newline
 * index the extractors use (ingest/extractors/support/lines.ts). Prints one JSON line.
 * `node dist/bench/ingest/line-numbers.js <file.ts>`
 */
const path = process.argv[2];
if (!path) throw new Error('usage: line-numbers <file.ts>');
const file = new Project({ skipAddingFilesFromTsConfig: true, skipLoadingLibFiles: true }).addSourceFileAtPath(path);
const nodes = file.getDescendants().filter((n) => Node.isClassDeclaration(n) || Node.isMethodDeclaration(n) || Node.isPropertyDeclaration(n) || Node.isCallExpression(n));
let started = performance.now();
const viaTsMorph = nodes.map((n) => [n.getStartLineNumber(), n.getEndLineNumber()]);
const tsMorphMs = performance.now() - started;
started = performance.now();
const viaIndex = nodes.map((n) => [startLine(n), endLine(n)]);
const indexMs = performance.now() - started;
console.log(JSON.stringify({
  file: path, chars: file.getFullText().length, nodes: nodes.length, tsMorphMs: Math.round(tsMorphMs), indexMs: Math.round(indexMs),
  same: JSON.stringify(viaTsMorph) === JSON.stringify(viaIndex),
}));
