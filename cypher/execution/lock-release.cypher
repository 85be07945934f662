// execution/lock-release.cypher — releases the leases a work holds (optionally only one node's); with a holdId (the work finished) it also records how long the work held them as a LeaseHold, which wait estimates read
// params: repoId: string, workId: string, release: {nodeId: string|null, holdId: string|null} (a map: its nulls do not key the plan)   returns: resource: string
MATCH (r:Reservation)
WHERE r.repoId = $repoId AND r.workId = $workId AND r.released = false AND ($release.nodeId IS NULL OR r.nodeId = $release.nodeId)
SET r.released = true, r.releasedAt = datetime()
WITH collect(r) AS released, min(r.acquiredAt) AS since
WITH released, since, duration.inSeconds(since, datetime()) AS held
FOREACH (_ IN CASE WHEN $release.holdId IS NULL OR size(released) = 0 OR since IS NULL THEN [] ELSE [1] END |
  CREATE (:LeaseHold {id: $release.holdId, repoId: $repoId, workId: $workId, resources: size(released), acquiredAt: since, releasedAt: datetime(),
                      holdMs: held.seconds * 1000 + held.nanosecondsOfSecond / 1000000}))
WITH released
UNWIND released AS r
RETURN r.resource AS resource
ORDER BY resource
