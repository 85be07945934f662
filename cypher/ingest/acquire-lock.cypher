// ingest/acquire-lock.cypher — takes the repo's ingest lock when it is free or its lease expired (the node is write-locked before it is read)
// params: repoId: string, owner: string, leaseMs: Integer   returns: acquired: boolean, holder: string, expiresAt: number
MERGE (l:IngestLock {id: $repoId + ':ingest-lock'})
ON CREATE SET l.repoId = $repoId, l.expiresAt = 0
SET l._lock = true
WITH l, (l.owner IS NULL OR l.owner = $owner OR l.expiresAt < timestamp()) AS free
SET l.owner = CASE WHEN free THEN $owner ELSE l.owner END,
    l.expiresAt = CASE WHEN free THEN timestamp() + $leaseMs ELSE l.expiresAt END,
    l.acquiredAt = CASE WHEN free THEN timestamp() ELSE l.acquiredAt END
REMOVE l._lock
RETURN free AS acquired, l.owner AS holder, l.expiresAt AS expiresAt
