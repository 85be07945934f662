// ingest/history-write-state.cypher — upserts the repo's HistoryState (set `syncing` before changing commits, clear it with the new HEAD when done)
// params: repoId: string, state: map {head, bound, prefix, version, commits, syncing}   returns: id: string
MERGE (s:HistoryState {id: $repoId + ':history'})
SET s.repoId = $repoId, s += $state, s.updatedAt = datetime()
RETURN s.id AS id
