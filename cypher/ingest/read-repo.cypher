// ingest/read-repo.cypher — the Repo node's bookkeeping: current snapshot, whether a run is writing (or died writing), and the hashes of the policy/memory inputs
// params: repoId: string   returns: snapshotId: string, seedHash: string, memoryHash: string, anchorSetHash: string, writing: boolean
MATCH (r:Repo {id: $repoId + ':repo'})
RETURN r.snapshotId AS snapshotId, r.seedHash AS seedHash, r.memoryHash AS memoryHash, r.anchorSetHash AS anchorSetHash, coalesce(r.writing, false) AS writing
