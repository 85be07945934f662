// dashboard/list-repositories.cypher — every ingested repository with its current snapshot, when it was ingested and whether a run died writing
// params: limit: Integer   returns: repoId: string, root: string|null, snapshotId: string|null, ingestedAt: string|null, writing: boolean
MATCH (r:Repo)
WHERE r.repoId IS NOT NULL
OPTIONAL MATCH (r)-[:HAS_SNAPSHOT]->(s:Snapshot {snapshotId: r.snapshotId})
RETURN r.repoId AS repoId, r.root AS root, r.snapshotId AS snapshotId, toString(s.ingestedAt) AS ingestedAt, coalesce(r.writing, false) AS writing
ORDER BY repoId
LIMIT $limit
