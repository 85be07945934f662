import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createHash } from 'node:crypto';
import { lexText } from '../../src/text/lex-text.js';
import type { Integer } from 'neo4j-driver';
import { ConfigSchema, type Config } from '../../src/config/index.js';
import { TurnDispatcher } from '../../src/controller/turn-dispatcher.js';
import type { TurnEvents } from '../../src/controller/turn-events.js';
import type { VerbRegistry } from '../../src/controller/verb-registry.js';
import type { Graph } from '../../src/graph/graph.js';
import { loadQuery } from '../../src/graph/query-registry.js';
import { int } from '../../src/graph/values.js';
import { PackStore } from '../../src/pack/index.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { WorkStore } from '../../src/session/index.js';

interface SymbolFact { id: string; name: string; kind: string; startLine: number; endLine: number; signature: string; labels: string[]; selector: string | null; searchText: string }
interface FileFact { id: string; path: string; sha256: string; size: number; kind: string; searchText: string; symbols: SymbolFact[] }

export const writeFileFacts = loadQuery<{ repoId: string; snapshotId: string; files: FileFact[] }, { files: number }>('test-support/write-file-facts.cypher');
export const holdWorkLock = loadQuery<{ workId: string }, { locked: number }>('test-support/hold-work-lock.cypher');
export const lockFrictionSignatures = loadQuery<{ repoId: string }, { locked: number }>('test-support/lock-friction-signatures.cypher');
export const linkImports = loadQuery<{ edges: Array<{ from: string; to: string }> }, { linked: number }>('test-support/link-imports.cypher');
export const setWorkState = loadQuery<
  { workId: string; repoId: string; state: string; usedTokens: Integer | null; totalNodes: Integer | null; completedNodes: Integer | null },
  { version: number }
>('test-support/set-work-state.cypher');
export const readTurns = loadQuery<
  { repoId: string; workId: string },
  { turns: Array<Record<string, unknown>>; agents: Array<{ id: string; actions: number; rejections: number; usedTokens: number }>; friction: Array<{ id: string; code: string; verb: string; resolved: boolean | null; resolvedByTurn: string | null }> }
>('test-support/read-turns.cypher');
export const readMemories = loadQuery<
  { repoId: string },
  { id: string; state: string; enforcementType: string; trigger: string; works: number; hits: number; rejectionCodes: string[]; planRuleJson: string; fewShotJson: string | null; anchors: string[] }
>('test-support/read-memories.cypher');
export const listWorks = loadQuery<{ repoId: string }, { id: string; turns: number }>('test-support/list-works.cypher');
export const ageWorks = loadQuery<{ repoId: string; workIds: string[]; ms: Integer }, { aged: number }>('test-support/age-works.cypher');
export const countDeniedTurns = loadQuery<{ repoId: string; verb: string; code: string }, { turns: number; onWork: number }>('test-support/count-denied-turns.cypher');
export const readWorkRetrospective = loadQuery<{ workId: string; repoId: string }, { json: string | null }>('test-support/read-work-retrospective.cypher');

/** The default configuration (shipped base.json values) with overrides. */
export function testConfig(repoId: string, overrides: Partial<{ [K in keyof Config]: Partial<Config[K]> }> = {}): Config {
  const base = ConfigSchema.parse({
    repo: { id: repoId },
    mcp: { turnTimeoutMs: 30_000, maxMessageBytes: 4_194_304, maxJsonDepth: 64, maxRequestBytes: 1_048_576 },
    budget: { maxTokens: 100_000, thresholdPercent: 0.6 },
    graph: { autoStartLocal: false },
    limits: { readMaxLines: 400, readMaxFileBytes: 2_097_152, scratchMaxBytes: 262_144, searchMaxResults: 200, traceMaxNeighbours: 100, packMaxFiles: 200 },
    gates: { defaultTimeoutSeconds: 600, profiles: {}, commitGates: {} },
    recipes: { enabled: ['replace_lexeme_in_file', 'run_targeted_validation'] },
    locks: { overlapPolicy: 'reject', leaseSeconds: 900 },
  });
  const merged = Object.fromEntries(Object.entries(base).map(([k, v]) => [k, { ...v, ...(overrides as Record<string, object>)[k] }]));
  return { ...(merged as Config), repo: { id: repoId } };
}

const FILES: Record<string, string> = {
  'src/app/users/user-list.component.ts': [
    "import { UserService } from './user.service';",
    '',
    "@Component({ selector: 'app-user-list', template: '<adp-data-table></adp-data-table>' })",
    'export class UserListComponent {',
    '  constructor(private readonly users: UserService) {}',
    '  load() { return this.users.all(); }',
    '}',
  ].join('\n'),
  'src/app/users/user.service.ts': ['export class UserService {', '  all() { return []; }', '}', ''].join('\n'),
  'src/app/orders/order-grid.component.ts': ['export class OrderGridComponent {}', ''].join('\n'),
};

/** A small repository on disk with symlink traps, plus its File/Symbol facts in the graph. */
export interface FixtureRepo {
  root: string;
  /** A sibling folder whose name starts with the repo's name (prefix-confusion target). */
  evilSibling: string;
  /** Removes the temp folder holding both. */
  dispose(): void;
}

export function makeFixtureRepo(): FixtureRepo {
  const parent = realpathSync(mkdtempSync(join(tmpdir(), 'gg-ctl-')));
  const root = join(parent, 'repo');
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const evilSibling = join(parent, 'repo-evil');
  mkdirSync(evilSibling, { recursive: true });
  writeFileSync(join(evilSibling, 'secret.ts'), 'export const SECRET = "leaked";\n');
  // In the pack but pointing outside the repo, and in the pack but pointing at a non-pack file.
  symlinkSync(join(evilSibling, 'secret.ts'), join(root, 'src/app/users/user-escape.ts'));
  symlinkSync(join(root, 'src/app/orders/order-grid.component.ts'), join(root, 'src/app/users/user-alias.ts'));
  return { root, evilSibling, dispose: () => rmSync(parent, { recursive: true, force: true }) };
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** Writes the fixture's facts under `repoId` (the two symlinks are recorded as if ingested). */
export async function writeFixtureFacts(graph: Graph, repoId: string): Promise<void> {
  const id = (kind: string, path: string, name?: string) => `${repoId}:${kind}:${path}${name ? `#${name}` : ''}`;
  const file = (path: string, symbols: SymbolFact[] = []): FileFact => ({
    id: id('file', path), path, sha256: sha(FILES[path] ?? path), size: (FILES[path] ?? '').length, kind: 'ts', searchText: lexText(path), symbols,
  });
  // Labels and selectors as the Angular extractors would give them (the user list is a @Component).
  const sym = (path: string, name: string, startLine: number, endLine: number, labels: string[] = [], selector: string | null = null): SymbolFact => ({
    id: id('symbol', path, name), name, kind: 'class', startLine, endLine, signature: `class ${name}`, labels, selector, searchText: lexText(name, path, selector),
  });
  await graph.write(writeFileFacts, {
    repoId,
    snapshotId: `${repoId}:snap:1`,
    files: [
      file('src/app/users/user-list.component.ts', [sym('src/app/users/user-list.component.ts', 'UserListComponent', 4, 7, ['Component'], 'app-user-list')]),
      file('src/app/users/user.service.ts', [sym('src/app/users/user.service.ts', 'UserService', 1, 3, ['Service'])]),
      file('src/app/orders/order-grid.component.ts', [sym('src/app/orders/order-grid.component.ts', 'OrderGridComponent', 1, 1)]),
      file('src/app/users/user-escape.ts'),
      file('src/app/users/user-alias.ts'),
    ],
  });
  await graph.write(linkImports, { edges: [{ from: id('file', 'src/app/users/user-list.component.ts'), to: id('file', 'src/app/users/user.service.ts') }] });
}

/** A dispatcher on the real test graph. */
export function makeDispatcher(graph: Graph, repo: string, repoId: string, options: { config?: Config; verbs?: VerbRegistry; events?: TurnEvents; sessions?: WorkStore } = {}): TurnDispatcher {
  return new TurnDispatcher({
    config: options.config ?? testConfig(repoId),
    repoRoot: repo,
    log: silentLogger,
    services: async () => ({ repoId, graph, sessions: options.sessions ?? new WorkStore({ graph, repoId }), packs: new PackStore({ graph, repoId, repoRoot: repo }) }),
    verbs: options.verbs,
    events: options.events,
  });
}

export { int };
