// execution/lock-hold-stats.cypher — how long works hold leases here, for a wait estimate: the hold times (first lease to release at completion) of the most recent finished works (LeaseHold, newest first), and the live leases of the given works (oldest acquisition, latest expiry)
// params: repoId: string, workIds: list<string>, limit: Integer   returns: holdMs: list<Integer>, held: list<{workId, acquiredAt: string|null, expiresAt: string|null}>
CALL () {
  MATCH (h:LeaseHold)
  WHERE h.repoId = $repoId
  WITH h ORDER BY h.releasedAt DESC
  LIMIT $limit
  RETURN collect(h.holdMs) AS holdMs
}
CALL () {
  UNWIND $workIds AS id
  OPTIONAL MATCH (r:Reservation {repoId: $repoId, workId: id})
  WHERE r.released = false
  WITH id, min(r.acquiredAt) AS acquiredAt, max(r.expiresAt) AS expiresAt
  RETURN collect({workId: id, acquiredAt: toString(acquiredAt), expiresAt: toString(expiresAt)}) AS held
}
RETURN holdMs, held
