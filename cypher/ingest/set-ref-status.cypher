// ingest/set-ref-status.cypher — records how each reference resolved: status, target ids, candidate count and reason
// params: rows: list<{id: string, status: string, targetIds: list<string>, candidates: Integer, reason: string|null}>   returns: updated: number
UNWIND $rows AS row
MATCH (r:Fact {id: row.id})
SET r.status = row.status, r.targetIds = row.targetIds, r.candidates = row.candidates, r.reason = row.reason
RETURN count(r) AS updated
