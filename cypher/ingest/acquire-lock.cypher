// ingest/acquire-lock.cypher — takes the repo's ingest lock when it is free or its lease expired (the node is write-locked before it is read); a holder also gets what its run reads first, the Repo row and the history state, without a round trip each
// params: repoId: string, owner: string, leaseMs: Integer   returns: acquired: boolean, holder: string, expiresAt: number, repo: map|null (read-repo.cypher's columns; null when not acquired or no Repo node), history: map|null (history-read-state.cypher's row, its values null when none is stored; null when not acquired)
MERGE (l:IngestLock {id: $repoId + ':ingest-lock'})
ON CREATE SET l.repoId = $repoId, l.expiresAt = 0
SET l._lock = true
WITH l, (l.owner IS NULL OR l.owner = $owner OR l.expiresAt < timestamp()) AS free
SET l.owner = CASE WHEN free THEN $owner ELSE l.owner END,
    l.expiresAt = CASE WHEN free THEN timestamp() + $leaseMs ELSE l.expiresAt END,
    l.acquiredAt = CASE WHEN free THEN timestamp() ELSE l.acquiredAt END
REMOVE l._lock
WITH l, free
OPTIONAL MATCH (r:Repo {id: $repoId + ':repo'}) WHERE free
OPTIONAL MATCH (s:HistoryState {id: $repoId + ':history'}) WHERE free
RETURN free AS acquired, l.owner AS holder, l.expiresAt AS expiresAt,
  CASE WHEN r IS NULL THEN null ELSE {snapshotId: r.snapshotId, seedHash: r.seedHash, memoryHash: r.memoryHash, anchorSetHash: r.anchorSetHash, extractionKey: r.extractionKey, writing: coalesce(r.writing, false)} END AS repo,
  CASE WHEN free THEN {head: s.head, bound: s.bound, prefix: s.prefix, version: s.version, commits: coalesce(s.commits, 0), syncing: coalesce(s.syncing, false)} END AS history
