// ingest/delete-edges-of-refs.cypher — deletes the relationships previously materialised from some references (before re-resolving them)
// params: rows: list<{refId: string, fromId: string}>   returns: deleted: number
UNWIND $rows AS row
MATCH (a:Fact {id: row.fromId})-[r]->()
WHERE r.refId = row.refId
DELETE r
RETURN count(r) AS deleted
