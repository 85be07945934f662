// execution/lock-acquire.cypher — takes (or renews) resource leases for a work, one row per resource in the given (sorted) order; each Reservation is write-locked before it is read, a stale lease (expired, or its work finished) is reclaimed with a LeaseReclaim evidence node
// params: repoId: string, workId: string, request: {leases: list<{resource: string, nodeId: string|null, reclaimId: string}> (distinct resources)} (a map: its list's size does not key the plan), ttlMs: Integer   returns: resource: string, acquired: boolean, holderWorkId: string|null, holderNodeId: string|null, expiresAt: string, reclaimedFrom: string|null
UNWIND $request.leases AS lease
MERGE (r:Reservation {id: $repoId + '|' + lease.resource})
ON CREATE SET r.repoId = $repoId, r.resource = lease.resource, r.released = true
SET r._lock = true
WITH r, lease
OPTIONAL MATCH (holder:Work {id: r.workId})
WHERE holder.repoId = $repoId
WITH r, lease, coalesce(r.released, false) = false AND r.workId IS NOT NULL AND r.workId <> $workId AS held,
     (r.expiresAt IS NOT NULL AND r.expiresAt <= datetime()) OR holder IS NULL OR holder.state IN ['COMPLETED', 'FAILED'] AS stale
WITH r, lease, NOT held OR stale AS free, CASE WHEN held AND stale THEN r.workId ELSE null END AS reclaimedFrom, r.expiresAt AS previousExpiry
FOREACH (_ IN CASE WHEN reclaimedFrom IS NULL THEN [] ELSE [1] END |
  CREATE (:LeaseReclaim {id: lease.reclaimId, repoId: $repoId, resource: lease.resource, fromWorkId: reclaimedFrom, fromNodeId: r.nodeId,
                         previousExpiresAt: previousExpiry, toWorkId: $workId, toNodeId: lease.nodeId, reclaimedAt: datetime()}))
SET r.workId = CASE WHEN free THEN $workId ELSE r.workId END,
    r.nodeId = CASE WHEN free THEN lease.nodeId ELSE r.nodeId END,
    r.acquiredAt = CASE WHEN free AND (r.released OR reclaimedFrom IS NOT NULL) THEN datetime() ELSE r.acquiredAt END,
    r.expiresAt = CASE WHEN free THEN datetime() + duration({milliseconds: $ttlMs}) ELSE r.expiresAt END,
    r.released = CASE WHEN free THEN false ELSE r.released END
REMOVE r._lock
RETURN lease.resource AS resource, free AS acquired, r.workId AS holderWorkId, r.nodeId AS holderNodeId, toString(r.expiresAt) AS expiresAt, reclaimedFrom
