// soak/held-leases.cypher — resource leases not released after the soak, with their holder's state and whether they expired
// params: repoId: string   returns: resource: string, workId: string|null, holderState: string|null, expired: boolean, expiresAt: string|null
MATCH (r:Reservation)
WHERE r.repoId = $repoId AND r.released = false
OPTIONAL MATCH (w:Work {id: r.workId})
WHERE w.repoId = $repoId
RETURN r.resource AS resource, r.workId AS workId, w.state AS holderState,
       coalesce(r.expiresAt <= datetime(), false) AS expired, toString(r.expiresAt) AS expiresAt
ORDER BY resource
