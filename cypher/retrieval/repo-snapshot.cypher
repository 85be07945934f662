// retrieval/repo-snapshot.cypher — the repository's current snapshot id (facts of unchanged files keep older snapshot ids; the Repo node holds the current one)
// params: repoId: string   returns: snapshotId: string|null
MATCH (r:Repo {repoId: $repoId})
RETURN r.snapshotId AS snapshotId
LIMIT 1
