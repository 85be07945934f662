/**
 * Where a set of V8 CPU profiles spent their busy time (`soak --cpu-prof-dir <dir>` writes one per MCP
 * process): `node dist/bench/soak/profile-summary.js <dir> [--callers <npm package>] [--top n]`.
 *
 * Each sample is charged to one area:
 * - `module loading`: any frame of Node's module loaders is on its stack (compile, read, resolve);
 * - otherwise its innermost frame: an npm package (`npm:zod`), a graphgate capability (`src/retrieval`,
 *   `ingest/pipeline`), a Node built-in (`node:fs`), or V8's own `(garbage collector)` / `(program)`.
 * `(idle)` is not busy time and is left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

interface CallFrame { functionName: string; url: string; lineNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
export interface CpuProfile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

export interface ProfileSummary {
  profiles: number;
  busyMs: number;
  /** Busy ms per area, largest first. */
  areas: Array<[string, number]>;
  /** Self ms per function (`name file:line`), largest first. */
  functions: Array<[string, number]>;
  /** With `callers`: that package's busy ms per nearest graphgate frame above it, largest first. */
  callers: Array<[string, number]>;
}

const LOADER = /^node:internal\/modules\//;
const OWN = /\/dist\/(src|ingest|bench)\/([^/]+)\//;

function areaOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  const npm = url.split('node_modules/');
  if (npm.length > 1) {
    const parts = npm[npm.length - 1]!.split('/');
    return `npm:${parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]}`;
  }
  const own = OWN.exec(url);
  if (own) return `${own[1] === 'src' ? 'src' : own[1]}/${own[2]}`;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  if (url === '') return functionName.startsWith('(') ? functionName : 'native';
  return 'other';
}

const frameKey = (f: CallFrame): string => `${f.functionName || '(anonymous)'} ${f.url.split(/\/dist\/|node_modules\//).pop()}:${f.lineNumber + 1}`;

export function summariseProfiles(profiles: readonly CpuProfile[], options: { callers?: string } = {}): ProfileSummary {
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  const callers = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, us: number): void => void m.set(k, (m.get(k) ?? 0) + us);
  let busy = 0;
  for (const profile of profiles) {
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const selfUs = new Map<number, number>();
    profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
    for (const [id, us] of selfUs) {
      const node = byId.get(id);
      if (!node || node.callFrame.functionName === '(idle)') continue;
      busy += us;
      const stack: CallFrame[] = [];
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) stack.push(byId.get(cur)!.callFrame);
      const area = stack.some((f) => LOADER.test(f.url)) ? 'module loading' : areaOf(node.callFrame);
      add(areas, area, us);
      add(functions, frameKey(node.callFrame), us);
      if (options.callers && area === `npm:${options.callers}`) {
        const caller = stack.find((f) => OWN.test(f.url));
        add(callers, caller ? frameKey(caller) : '(no graphgate frame: top level)', us);
      }
    }
  }
  const ranked = (m: Map<string, number>): Array<[string, number]> => [...m].map(([k, us]): [string, number] => [k, us / 1000]).sort((a, b) => b[1] - a[1]);
  return { profiles: profiles.length, busyMs: busy / 1000, areas: ranked(areas), functions: ranked(functions), callers: ranked(callers) };
}

export function formatSummary(s: ProfileSummary, top: number, callers?: string): string {
  const pct = (ms: number): string => `${((100 * ms) / Math.max(s.busyMs, 1)).toFixed(1)}%`.padStart(6);
  const rows = (list: Array<[string, number]>): string[] => list.slice(0, top).map(([k, ms]) => `${(ms / 1000).toFixed(2).padStart(8)} s ${pct(ms)}  ${k}`);
  const lines = [`${s.profiles} profile(s), busy ${(s.busyMs / 1000).toFixed(1)} s (${(s.busyMs / 1000 / Math.max(s.profiles, 1)).toFixed(2)} s per profile)`, '', 'by area:', ...rows(s.areas), '', 'by function (self):', ...rows(s.functions)];
  if (callers) lines.push('', `npm:${callers} by nearest graphgate caller:`, ...rows(s.callers));
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const dir = args.find((a, i) => !a.startsWith('--') && !['--callers', '--top'].includes(args[i - 1] ?? ''));
  const option = (name: string): string | undefined => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
  if (!dir) {
    process.stderr.write('usage: node dist/bench/soak/profile-summary.js <dir of .cpuprofile files> [--callers <npm package>] [--top n]\n');
    process.exit(2);
  }
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  const profiles = files.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as CpuProfile);
  const callers = option('--callers');
  process.stdout.write(`${formatSummary(summariseProfiles(profiles, callers ? { callers } : {}), Number(option('--top') ?? 20), callers)}\n`);
}
