// dashboard/ingest-timings.cypher — a repository's most recent ingest runs that recorded a snapshot, newest first, with the phase timings the run stored on it
// params: repoId: string, limit: Integer   returns: snapshotId: string, ingestedAt: string, timingsJson: string
MATCH (:Repo {id: $repoId + ':repo'})-[:HAS_SNAPSHOT]->(s:Snapshot)
WHERE s.timingsJson IS NOT NULL
RETURN s.snapshotId AS snapshotId, toString(s.ingestedAt) AS ingestedAt, s.timingsJson AS timingsJson
ORDER BY s.ingestedAt DESC
LIMIT $limit
