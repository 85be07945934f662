import { createHash } from 'node:crypto';
import { linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { graphgateHome } from '../graph/local-neo4j/layout.js';
import { pidAlive } from '../runtime/process-liveness.js';

/** A lead file younger than this whose holder cannot be read is being written: it is not stale. */
const UNREADABLE_GRACE_MS = 5_000;

/**
 * One watcher per checkout on a machine. K agents each run a `graphgate mcp` process on the same
 * repository; each used to watch the tree and warm its own project while idle, so K processes re-ingested
 * every saved file and held K warm projects (at K=8 on the soak's fixture, eight warm-ups at once
 * stalled the first reads for up to 3.8 s: bench/soak/README.md). The first process to finish its first
 * ingest takes the lead and watches; the others trust its watcher while its process lives, and the
 * next pack-building turn of one of them takes over once it is gone (kill -9 included: the holder's pid
 * is checked, not a heartbeat).
 *
 * The lead is a file, `<GRAPHGATE_HOME>/watchers/<key>.json`, created whole with link(2) (atomic, and
 * never seen half-written). A stale holder is replaced by unlink and create; two processes doing that at
 * once can both lead, which is what every process did before: two watchers, no harm.
 */
export class WatchLeadership {
  private held = false;

  constructor(readonly file: string, private readonly alive: (pid: number) => boolean = pidAlive) {}

  /** The lead for one checkout, one repository namespace and one graph. */
  static forRepository(repoRoot: string, repoId: string, graphTarget: string): WatchLeadership {
    const key = createHash('sha256').update(JSON.stringify([repoRoot, repoId, graphTarget])).digest('hex').slice(0, 32);
    return new WatchLeadership(join(graphgateHome(), 'watchers', `${key}.json`));
  }

  /** Takes the lead unless a living process holds it; true when this process leads. Never throws. */
  acquire(): boolean {
    if (this.held) return true;
    try {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        if (this.create()) {
          this.sweep();
          return (this.held = true);
        }
        if (!this.stale()) return false;
        rmSync(this.file, { force: true });
      }
    } catch {
      // An unwritable home: lead, as every process did before there was a lead.
      return (this.held = true);
    }
    return false;
  }

  /** Whether another living holder leads (its watcher keeps the graph current for this one too). */
  peerLeads(): boolean {
    if (this.held) return false;
    const holder = this.holder();
    return holder !== undefined && this.alive(holder);
  }

  /** Gives the lead up (the file is removed only while it still names this process). */
  release(): void {
    if (!this.held) return;
    this.held = false;
    try {
      if (this.holder() === process.pid) unlinkSync(this.file);
    } catch {
      // Already gone.
    }
  }

  /** Removes the lead files of other checkouts whose holders died (a killed leader of a checkout since deleted leaves one). */
  private sweep(): void {
    const folder = dirname(this.file);
    try {
      for (const name of readdirSync(folder).filter((n) => n.endsWith('.json')).slice(0, 200)) {
        const other = new WatchLeadership(join(folder, name), this.alive);
        if (other.file !== this.file && other.stale()) rmSync(other.file, { force: true });
      }
    } catch {
      // Housekeeping only.
    }
  }

  private create(): boolean {
    mkdirSync(dirname(this.file), { recursive: true });
    const aside = `${this.file}.${process.pid}.tmp`;
    writeFileSync(aside, JSON.stringify({ pid: process.pid, since: new Date().toISOString() }));
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

  private stale(): boolean {
    const holder = this.holder();
    if (holder !== undefined) return !this.alive(holder);
    try {
      return Date.now() - statSync(this.file).mtimeMs > UNREADABLE_GRACE_MS;
    } catch {
      return true;
    }
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
