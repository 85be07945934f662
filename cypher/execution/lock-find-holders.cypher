// execution/lock-find-holders.cypher — of the given resources, those leased by another live work (unreleased, unexpired, work not finished), with the holder's node
// params: repoId: string, workId: string, request: {resources: list<string>} (a map: its list's size does not key the plan)   returns: resource, workId, nodeId, expiresAt
UNWIND $request.resources AS key
MATCH (r:Reservation {id: $repoId + '|' + key})
WHERE r.workId <> $workId AND r.released = false AND r.expiresAt > datetime()
MATCH (w:Work {id: r.workId})
WHERE w.repoId = $repoId AND NOT w.state IN ['COMPLETED', 'FAILED']
RETURN key AS resource, r.workId AS workId, r.nodeId AS nodeId, toString(r.expiresAt) AS expiresAt
ORDER BY resource
