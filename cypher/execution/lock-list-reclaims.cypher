// execution/lock-list-reclaims.cypher — stale-lease reclaims recorded for a resource, newest first
// params: repoId: string, resource: string   returns: fromWorkId, fromNodeId, toWorkId, toNodeId, previousExpiresAt, reclaimedAt
MATCH (e:LeaseReclaim)
WHERE e.repoId = $repoId AND e.resource = $resource
RETURN e.fromWorkId AS fromWorkId, e.fromNodeId AS fromNodeId, e.toWorkId AS toWorkId, e.toNodeId AS toNodeId,
       toString(e.previousExpiresAt) AS previousExpiresAt, toString(e.reclaimedAt) AS reclaimedAt
ORDER BY e.reclaimedAt DESC
LIMIT 100
