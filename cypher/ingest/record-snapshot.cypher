// ingest/record-snapshot.cypher — upserts the Repo node, creates the run's Snapshot (with the run's counts and phase timings) and points the repo at it (the run finished: the `writing` mark goes)
// params: repoId: string, snapshotId: string, root: string, remote: string|null, summary: string (JSON: files, facts, events, refs), timingsJson: string (JSON: mode, files, totalMs, phases, extractors), props: map   returns: id: string
MERGE (r:Repo {id: $repoId + ':repo'})
SET r.repoId = $repoId, r.snapshotId = $snapshotId, r.root = $root, r.remote = $remote, r += $props
REMOVE r.writing
MERGE (s:Snapshot {id: $repoId + ':snapshot:' + $snapshotId})
ON CREATE SET s.createdAt = datetime()
SET s.repoId = $repoId, s.snapshotId = $snapshotId, s.ingestedAt = datetime(), s.summary = $summary, s.timingsJson = $timingsJson
MERGE (r)-[:HAS_SNAPSHOT]->(s)
RETURN s.id AS id
