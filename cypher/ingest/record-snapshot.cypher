// ingest/record-snapshot.cypher — upserts the Repo node, creates the run's Snapshot (with the run's counts and phase timings) and points the repo at it (the run finished: the `writing` mark goes); past 2 × $keep snapshots the oldest go, down to the newest $keep (a watcher records one per save)
// params: repoId: string, snapshotId: string, root: string, remote: string|null, summary: string (JSON: files, facts, events, refs), timingsJson: string (JSON: mode, files, totalMs, phases, extractors), props: map, keep: Integer   returns: id: string
MERGE (r:Repo {id: $repoId + ':repo'})
SET r.repoId = $repoId, r.snapshotId = $snapshotId, r.root = $root, r.remote = $remote, r += $props
REMOVE r.writing
MERGE (s:Snapshot {id: $repoId + ':snapshot:' + $snapshotId})
ON CREATE SET s.createdAt = datetime()
SET s.repoId = $repoId, s.snapshotId = $snapshotId, s.ingestedAt = datetime(), s.summary = $summary, s.timingsJson = $timingsJson
MERGE (r)-[:HAS_SNAPSHOT]->(s)
// The count is the node's degree (no scan); the trim runs once per $keep snapshots, not every run.
WITH r, s, COUNT { (r)-[:HAS_SNAPSHOT]->() } AS held
CALL (r, held) {
  MATCH (r)-[:HAS_SNAPSHOT]->(old:Snapshot)
  WHERE held > 2 * $keep
  WITH old ORDER BY old.ingestedAt DESC SKIP $keep
  DETACH DELETE old
}
RETURN s.id AS id
