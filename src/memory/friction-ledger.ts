import { constants } from 'node:fs';
import { lstat, open, readFile, rename } from 'node:fs/promises';
import { ensureDirNoFollow } from '../paths/index.js';

/** A refusal as the ledger keeps it (seed 000's FrictionLedgerEntry, one line per FrictionEvent). */
export interface LedgerRaised {
  frictionId: string;
  trigger: string;
  rejectionCodes: string[];
  domainAnchorIds: string[];
  strategyId: string;
  sessionId: string | null;
  workId: string | null;
  agentId: string | null;
  /** Refusals of the work with this code so far, this one included. */
  rejectionCount: number;
}

/** Friction a later ok turn of the same work and verb resolved (the ledger is append-only: a new line). */
export interface LedgerResolved {
  frictionIds: string[];
  workId: string;
  byTurn: string;
}

/** Lines a rotation keeps at most in `.ai/tmp/friction-ledger.jsonl`; the previous file becomes `friction-ledger.1.jsonl`. */
async function rotateIfFull(file: string, maxEntries: number, adding: number): Promise<void> {
  const stat = await lstat(file).catch(() => undefined);
  if (!stat) return;
  if (!stat.isFile()) throw new Error('.ai/tmp/friction-ledger.jsonl is not a regular file');
  // A line is at least ~40 bytes: smaller files cannot be full, so most appends never read the file.
  if (stat.size < (maxEntries - adding) * 40) return;
  const lines = (await readFile(file, 'utf8')).split('\n').filter(Boolean).length;
  if (lines + adding > maxEntries) await rename(file, file.replace(/\.jsonl$/, '.1.jsonl'));
}

/**
 * Appends the turn's friction to `<root>/.ai/tmp/friction-ledger.jsonl` (seed 000 names the file): an
 * export of the graph's FrictionEvents for people and scripts — the graph is the source of truth, the
 * file is never read back. Not followed through symlinks; rotated at `maxEntries`.
 */
export async function appendFrictionLedger(root: string, at: Date, raised: readonly LedgerRaised[], resolved: LedgerResolved | null, maxEntries: number): Promise<void> {
  const lines = [
    ...raised.map((r) => JSON.stringify({ ts: at.toISOString(), event: 'raised', ...r, resolved: false })),
    ...(resolved && resolved.frictionIds.length > 0 ? [JSON.stringify({ ts: at.toISOString(), event: 'resolved', ...resolved, resolved: true })] : []),
  ];
  if (lines.length === 0) return;
  const dir = await ensureDirNoFollow(root, ['.ai', 'tmp']);
  const file = `${dir}/friction-ledger.jsonl`;
  await rotateIfFull(file, maxEntries, lines.length);
  const handle = await open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | constants.O_NOFOLLOW, 0o644);
  try {
    // One write call: concurrent processes interleave whole lines, not fragments.
    await handle.write(`${lines.join('\n')}\n`);
  } finally {
    await handle.close();
  }
}
