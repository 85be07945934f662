// ingest/take-over-lock.cypher — takes the repo's ingest lock from a holder this process proved dead (compare-and-set on the holder, so two takers cannot both win)
// params: repoId: string, deadOwner: string, owner: string, leaseMs: Integer   returns: acquired: boolean
MATCH (l:IngestLock {id: $repoId + ':ingest-lock'})
WHERE l.owner = $deadOwner
SET l.owner = $owner, l.expiresAt = timestamp() + $leaseMs, l.acquiredAt = timestamp()
RETURN true AS acquired
