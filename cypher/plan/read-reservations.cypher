// plan/read-reservations.cypher — of the given resource keys, those reserved by another live work (unreleased, unexpired, work not finished)
// params: repoId: string, workId: string, request: {resourceKeys: list<string>} (a map: its list's size does not key the plan)   returns: resourceKey, heldByWorkId
UNWIND $request.resourceKeys AS key
MATCH (r:Reservation {resource: key})
WHERE r.repoId = $repoId AND r.workId <> $workId AND coalesce(r.released, false) = false
  AND (r.expiresAt IS NULL OR r.expiresAt > datetime())
OPTIONAL MATCH (w:Work {id: r.workId})
WITH key, r, w
WHERE w IS NULL OR NOT w.state IN ['COMPLETED', 'FAILED']
RETURN DISTINCT key AS resourceKey, r.workId AS heldByWorkId
ORDER BY resourceKey, heldByWorkId
