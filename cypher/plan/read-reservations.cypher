// plan/read-reservations.cypher — of the given resource keys, those reserved by another live work (unreleased, unexpired, work not finished)
// params: repoId: string, workId: string, resourceKeys: list<string>   returns: resourceKey, heldByWorkId
UNWIND $resourceKeys AS key
MATCH (r:Reservation {resource: key})
WHERE r.repoId = $repoId AND r.workId <> $workId AND coalesce(r.released, false) = false
  AND (r.expiresAt IS NULL OR r.expiresAt > datetime())
OPTIONAL MATCH (w:Work {id: r.workId})
WITH key, r, w
WHERE w IS NULL OR NOT w.state IN ['COMPLETED', 'FAILED']
RETURN DISTINCT key AS resourceKey, r.workId AS heldByWorkId
ORDER BY resourceKey, heldByWorkId
