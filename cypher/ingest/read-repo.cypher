// ingest/read-repo.cypher — the Repo node's bookkeeping: current snapshot, whether a run is writing (or died writing), the hashes of the policy/memory inputs, and the extraction key its facts were written under
// params: repoId: string   returns: snapshotId: string, seedHash: string, memoryHash: string, anchorSetHash: string, extractionKey: string|null, writing: boolean
MATCH (r:Repo {id: $repoId + ':repo'})
RETURN r.snapshotId AS snapshotId, r.seedHash AS seedHash, r.memoryHash AS memoryHash, r.anchorSetHash AS anchorSetHash, r.extractionKey AS extractionKey, coalesce(r.writing, false) AS writing
