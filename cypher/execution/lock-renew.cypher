// execution/lock-renew.cypher — extends every unreleased lease a work holds (optionally of one node)
// params: repoId: string, workId: string, nodeId: string|null, ttlMs: Integer   returns: resource: string, expiresAt: string
MATCH (r:Reservation)
WHERE r.repoId = $repoId AND r.workId = $workId AND r.released = false AND ($nodeId IS NULL OR r.nodeId = $nodeId)
SET r.expiresAt = datetime() + duration({milliseconds: $ttlMs})
RETURN r.resource AS resource, toString(r.expiresAt) AS expiresAt
ORDER BY resource
