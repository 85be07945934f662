import { checkFreshness } from '../../ingest/pipeline/freshness.js';
import { repoHealth } from '../doctor/doctor.queries.js';
import { toAppError } from '../errors/index.js';
import { int, type Graph } from '../graph/index.js';
import { loadMigrations } from '../graph/schema-migrator.js';
import { readSchemaVersion } from '../graph/schema.queries.js';
import { listRepositories } from './dashboard.queries.js';

type WorkingTree = { added: number; changed: number; deleted: number } | { error: string };

export interface Health {
  /** `ok`: Neo4j answers and the schema is current; `degraded`: answers but migrations are pending; `down`: no answer. */
  status: 'ok' | 'degraded' | 'down';
  neo4j: { reachable: boolean; uri: string; version?: string; edition?: string; error?: { code: string; message: string } };
  schema?: { version: number | null; latest: number; pending: string[] };
  repositories?: Array<{ repoId: string; root: string | null; snapshotId: string | null; ingestedAt: string | null; writing: boolean }>;
  /** The observed repository: its snapshot and, when its checkout is known, how far the working tree moved since. */
  observed?: {
    repoId: string;
    ingested: boolean;
    files: number;
    ingestedAt: string | null;
    writing: boolean;
    workingTree: WorkingTree | null;
  };
}

/** Neo4j reachability, schema version and ingest freshness, for `/health`. Never throws. */
export class HealthService {
  constructor(private readonly options: { graph: Graph; repoId: string; repoRoot?: string; freshnessTimeoutMs?: number; freshnessCacheMs?: number }) {}

  async health(): Promise<Health> {
    const { graph, repoId } = this.options;
    let server: { version: string; edition: string };
    try {
      server = await graph.serverInfo();
    } catch (error) {
      const app = toAppError(error);
      return { status: 'down', neo4j: { reachable: false, uri: graph.connection.uri, error: { code: app.code, message: app.message } } };
    }
    const [[schemaRow], repositories, [repo]] = await Promise.all([
      graph.read(readSchemaVersion, {}),
      graph.read(listRepositories, { limit: int(200) }),
      graph.read(repoHealth, { repoId }),
    ]);
    const migrations = loadMigrations();
    // Databases migrated before files were recorded know only a version (src/graph/schema-migrator.ts).
    const applied = schemaRow?.applied ? new Set(schemaRow.applied) : null;
    const pending = migrations.filter((m) => (applied ? !applied.has(m.file) : m.version > (schemaRow?.version ?? 0))).map((m) => m.file);
    const ingested = Boolean(repo?.snapshotId);
    // The checkout the console was started in, else the one the last ingest read.
    const root = this.options.repoRoot ?? repo?.root ?? undefined;
    return {
      status: pending.length > 0 ? 'degraded' : 'ok',
      neo4j: { reachable: true, uri: graph.connection.uri, version: server.version, edition: server.edition },
      schema: { version: schemaRow?.version ?? null, latest: Math.max(0, ...migrations.map((m) => m.version)), pending },
      repositories,
      observed: {
        repoId, ingested, files: repo?.files ?? 0, ingestedAt: repo?.ingestedAt ?? null, writing: repo?.writing ?? false,
        workingTree: ingested && root ? await this.workingTree(root) : null,
      },
    };
  }

  private freshness: { root: string; at: number; result: Promise<WorkingTree> } | undefined;

  /**
   * The incremental ingest's change detection (hashes only, nothing written), bounded in time. It
   * reads the whole working tree, so one answer serves every caller for `freshnessCacheMs`.
   */
  private workingTree(root: string): Promise<WorkingTree> {
    const now = Date.now();
    const cached = this.freshness;
    if (cached && cached.root === root && now - cached.at < (this.options.freshnessCacheMs ?? 10_000)) return cached.result;
    const result = this.measureWorkingTree(root);
    this.freshness = { root, at: now, result };
    return result;
  }

  private async measureWorkingTree(root: string): Promise<WorkingTree> {
    const timeoutMs = this.options.freshnessTimeoutMs ?? 5_000;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<WorkingTree>((resolve) => {
      timer = setTimeout(() => resolve({ error: `no answer within ${timeoutMs} ms` }), timeoutMs);
    });
    const check = checkFreshness(this.options.graph, root, this.options.repoId).then(
      (f) => ({ added: f.added, changed: f.changed, deleted: f.deleted }),
      (error: unknown) => ({ error: toAppError(error).code }),
    );
    try {
      return await Promise.race([check, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }
}
