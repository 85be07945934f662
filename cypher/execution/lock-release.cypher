// execution/lock-release.cypher — releases the leases a work holds (optionally only one node's)
// params: repoId: string, workId: string, nodeId: string|null   returns: resource: string
MATCH (r:Reservation)
WHERE r.repoId = $repoId AND r.workId = $workId AND r.released = false AND ($nodeId IS NULL OR r.nodeId = $nodeId)
SET r.released = true, r.releasedAt = datetime()
RETURN r.resource AS resource
ORDER BY resource
