import { int, type Graph } from '../../src/graph/index.js';
import { newHolderId } from '../../src/runtime/process-liveness.js';
import { fileTextFields } from '../../src/text/file-text.js';
import { acquireLock, recordSnapshot, releaseLock, SNAPSHOTS_KEPT } from '../write/ingest.queries.js';
import { prepareFile } from '../write/prepare-rows.js';
import { MERGE_REL } from '../write/rel-queries.js';
import { replaceAndLinkIn } from '../write/replace-and-link.js';
import { anchorOf, anchorRows } from './anchors.js';
import type { SourceInfo } from './read-files.js';
import type { Extracted } from './run-extractors.js';
import type { PipelineSettings } from './settings.js';
import { emptySummary, recordedSummary, recordedTimings } from './summary.js';
import type { WarmStep } from './warm-project.js';

/** A rehearsal that takes longer is cut off: the watcher's next run waits behind it. */
const REHEARSAL_TIMEOUT_MS = 5_000;

export interface Rehearsal {
  graph: Graph;
  repoId: string;
  snapshotId: string;
  /** The repository's root as its runs record it on the Repo node. */
  root: string;
  settings: PipelineSettings;
}

/**
 * Runs the writes of a one-file edit (ingest-repository.ts: the lock, parse-and-write.ts's atomic
 * replace-and-link, the snapshot and the lock's release) with one held file's facts, in ONE transaction
 * that is always rolled back, so nothing changes. Why: the server plans each statement at its first use,
 * and plans again once an ingest moved the label counts (a watcher's start often does). After a start on
 * ever-gauzy, the first edits spent 120–520 ms in write and link where later ones spent 10–60 ms
 * (bench/ingest/README.md). False when the file's rows exceed one atomic transaction (its edit writes
 * in committed batches).
 */
export async function rehearseEdit(rehearsal: Rehearsal, source: SourceInfo, extracted: Extracted): Promise<boolean> {
  const { graph, repoId, snapshotId, root, settings } = rehearsal;
  const anchor = anchorOf(source.path, settings.anchorDepth, settings.anchorExclude);
  const file = prepareFile(repoId, snapshotId, source, extracted.facts, anchor, extracted.deps, fileTextFields(source.path, source.text));
  if (file.nodes.length + file.edges.length > settings.atomicMaxRows) return false;
  const rewritten = new Set([source.path]);
  const batch = { repoId, files: [file], replacing: [source.path], incremental: true, rewritten, anchors: anchorRows(repoId, snapshotId, [anchor]), batchRows: settings.batchRows };
  const input = { repoId, batches: [batch], deleted: [], rewritten, refs: file.refs, batchFiles: settings.batchFiles, batchRows: settings.batchRows };
  // The snapshot's texts are the size of a one-file run's (a string parameter's length is part of its plan's key).
  const summary = emptySummary(repoId, root);
  const snapshot = {
    repoId, snapshotId, root, remote: null, keep: int(SNAPSHOTS_KEPT), timingsJson: recordedTimings(summary, 0, 0),
    summary: recordedSummary(summary), props: { inGit: true },
  };
  const owner = newHolderId();
  await graph.rehearseTx('ingest/rehearse-edit', async (tx) => {
    await tx.run(acquireLock, { repoId, owner, leaseMs: int(settings.lockLeaseMs) });
    await replaceAndLinkIn(tx, input);
    await tx.run(recordSnapshot, snapshot);
    await tx.run(releaseLock, { repoId, owner });
  }, REHEARSAL_TIMEOUT_MS);
  return true;
}

/** Ends no relationship: the warm-up's MATCH finds no fact with this id, so its MERGE writes nothing. */
const NO_FACT = '\u0000graphgate-warm-up';

/**
 * Plans every relationship type's MERGE (rel-queries.ts) at the row counts of a one-file edit (1, and
 * 2–10: a list's size bucket is part of a plan's key), in a transaction per type that is rolled back
 * and with ids no fact has. Why: the sampled edits (rehearseEdit) write only the types their files
 * have, and each other type's first edit planned its statement: on ever-gauzy a routing module's
 * `GUARDED_BY` (110 ms) and a component's `STYLES` (141 ms) were most of the slowest edits' write
 * (bench/ingest/README.md). Returns the types planned; undefined when stopped.
 */
export async function rehearseRelationshipMerges(graph: Graph, step: WarmStep, stopped: () => boolean): Promise<number | undefined> {
  const row = { from: NO_FACT, to: NO_FACT, ownerFile: NO_FACT, props: {} };
  let planned = 0;
  for (const [type, query] of Object.entries(MERGE_REL)) {
    if (stopped()) return undefined;
    // A type that fails (a server away, a lock past the timeout) costs only its time.
    const done = await step(() => graph.rehearseTx(`ingest/rehearse-merge-${type.toLowerCase()}`, async (tx) => {
      await tx.run(query, { rows: [row] });
      await tx.run(query, { rows: [row, row] });
      return true;
    }, REHEARSAL_TIMEOUT_MS).catch(() => false));
    if (done) planned++;
  }
  return planned;
}
