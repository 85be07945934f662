import { createHash } from 'node:crypto';
import { linkSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { graphgateHome } from '../graph/local-neo4j/layout.js';
import { pidAlive } from '../runtime/process-liveness.js';

/** How often a leader touches its lead file. */
const HEARTBEAT_MS = 10_000;
/**
 * A lead file untouched for this long is stale even if its pid lives (a stopped or wedged leader, or a
 * reused pid). An unreadable one this old is stale too; younger, it is being written.
 */
const STALE_MS = 45_000;

/** How a lead's holder is judged: its pid alive, and the time its heartbeat is compared with (tests pass their own). */
export interface HolderProbe {
  /** Whether a process with this pid runs on this host. */
  alive(pid: number): boolean;
  now(): number;
}

const systemProbe: HolderProbe = { alive: pidAlive, now: () => Date.now() };

/**
 * One watcher per checkout on a machine. K agents each run a `graphgate mcp` process on the same
 * repository; each used to watch the tree and warm its own project while idle, so K processes re-ingested
 * every saved file and held K warm projects (at K=8 on the soak's fixture, eight warm-ups at once
 * stalled the first reads for up to 3.8 s: bench/soak/README.md). The first process to finish its first
 * ingest takes the lead and watches; the others trust its watcher while it lives, and the next
 * pack-building turn of one of them takes over once it is gone.
 *
 * The lead is a file, `<GRAPHGATE_HOME>/watchers/<key>.json`, created whole with link(2) (atomic, never
 * seen half-written) and touched by its holder every HEARTBEAT_MS. It is stale when its pid is dead
 * (kill -9: taken over at once) or it was not touched for STALE_MS. A stale file is replaced by unlink and
 * create; two processes doing that at once can both lead, which is what every process did before there
 * was a lead: two watchers, no harm.
 */
export class WatchLeadership {
  private held = false;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(readonly file: string, private readonly probe: HolderProbe = systemProbe) {}

  /**
   * The lead for one checkout (its real path), one repository namespace and one graph: the MCP servers and
   * the CLI's watchers (`ingest --watch`, `up --watch`) on it share it.
   */
  static forRepository(repoRoot: string, repoId: string, graph: { uri: string; database?: string }): WatchLeadership {
    let root = resolve(repoRoot);
    try {
      root = realpathSync(root);
    } catch {
      // A checkout that is gone: its key is never shared anyway.
    }
    const key = createHash('sha256').update(JSON.stringify([root, repoId, graph.uri, graph.database ?? ''])).digest('hex').slice(0, 32);
    return new WatchLeadership(join(graphgateHome(), 'watchers', `${key}.json`));
  }

  /** Takes the lead unless a living holder has it; true when this process leads. Never throws. */
  acquire(): boolean {
    if (this.held) return true;
    try {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        if (this.create()) {
          this.lead();
          this.sweep();
          return true;
        }
        if (!this.stale()) return false;
        rmSync(this.file, { force: true });
      }
    } catch {
      // An unwritable home: lead, as every process did before there was a lead.
      this.held = true;
      return true;
    }
    return false;
  }

  /** Whether another living holder leads (its watcher keeps the graph current for this one too). */
  peerLeads(): boolean {
    return !this.held && !this.stale();
  }

  /** Gives the lead up (the file is removed only while it still names this process). */
  release(): void {
    if (!this.held) return;
    this.held = false;
    clearInterval(this.heartbeat);
    try {
      if (this.holder() === process.pid) unlinkSync(this.file);
    } catch {
      // Already gone.
    }
  }

  private lead(): void {
    this.held = true;
    this.heartbeat = setInterval(() => {
      try {
        const now = new Date(this.probe.now());
        utimesSync(this.file, now, now);
      } catch {
        // Removed by a peer that found this process stopped; it leads now.
      }
    }, HEARTBEAT_MS).unref();
  }

  /** Removes the lead files of other checkouts that went stale (a killed leader of a checkout since deleted leaves one). */
  private sweep(): void {
    const folder = dirname(this.file);
    try {
      for (const name of readdirSync(folder).filter((n) => n.endsWith('.json')).slice(0, 200)) {
        const other = new WatchLeadership(join(folder, name), this.probe);
        if (other.file !== this.file && other.stale()) rmSync(other.file, { force: true });
      }
    } catch {
      // Housekeeping only.
    }
  }

  private create(): boolean {
    mkdirSync(dirname(this.file), { recursive: true });
    const aside = `${this.file}.${process.pid}.tmp`;
    writeFileSync(aside, JSON.stringify({ pid: process.pid, since: new Date(this.probe.now()).toISOString() }));
    try {
      linkSync(aside, this.file);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    } finally {
      unlinkSync(aside);
    }
  }

  /** No file, a dead holder, or no heartbeat for STALE_MS (an unreadable file younger than that is being written). */
  private stale(): boolean {
    let touched: number;
    try {
      touched = statSync(this.file).mtimeMs;
    } catch {
      return true;
    }
    if (this.probe.now() - touched > STALE_MS) return true;
    const holder = this.holder();
    return holder !== undefined && !this.probe.alive(holder);
  }

  private holder(): number | undefined {
    try {
      const pid = (JSON.parse(readFileSync(this.file, 'utf8')) as { pid?: unknown }).pid;
      return typeof pid === 'number' && Number.isInteger(pid) && pid > 0 ? pid : undefined;
    } catch {
      return undefined;
    }
  }
}
