import { ts } from 'ts-morph';
import { glob } from 'tinyglobby';
import { createPathFilter } from '../../ingest/pipeline/discovery.js';
import { resolveSettings } from '../../ingest/pipeline/settings.js';

/**
 * The parse floor: how long TypeScript alone takes to create a program over the workspace's
 * TypeScript files (parsing them all; no lib files, no module resolution, no type check).
 * The files are the ones the ingest reads (its include/exclude rules, so no dist/ or .d.ts).
 * Run as its own process so its memory does not mix with the pipeline's. Prints one JSON line.
 */
const root = process.argv[2];
if (!root) throw new Error('usage: parse-floor <workspace>');
const ingested = createPathFilter(resolveSettings(root));
const candidates = await glob(['**/*.{ts,tsx}'], { cwd: root, ignore: ['**/node_modules/**', '**/.git/**'], dot: true });
const files = candidates.filter(ingested).sort().map((path) => `${root}/${path}`);
const started = performance.now();
const program = ts.createProgram(files, { noLib: true, noResolve: true, types: [], target: ts.ScriptTarget.ES2022, experimentalDecorators: true });
const parsed = program.getSourceFiles().length;
const ms = performance.now() - started;
process.stdout.write(`${JSON.stringify({ files: files.length, parsed, ms: Math.round(ms), maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) })}\n`);
