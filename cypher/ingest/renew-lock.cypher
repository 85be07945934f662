// ingest/renew-lock.cypher — extends the lease of an ingest lock this owner holds
// params: repoId: string, owner: string, leaseMs: Integer   returns: renewed: boolean
MATCH (l:IngestLock {id: $repoId + ':ingest-lock'})
WHERE l.owner = $owner
SET l.expiresAt = timestamp() + $leaseMs
RETURN true AS renewed
