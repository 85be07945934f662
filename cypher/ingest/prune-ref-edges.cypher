// ingest/prune-ref-edges.cypher — after other files' references were re-resolved, deletes the relationships materialised from them that the new resolution did not write again
// params: rows: list<{refId: string, fromId: string, keep: list<string>}> (keep: 'TYPE\u001ffromId\u001ftoId' of the relationships written for the reference)   returns: deleted: number
UNWIND $rows AS row
MATCH (a:Fact {id: row.fromId})-[r]->(b)
WHERE r.refId = row.refId AND NOT (type(r) + '\u001f' + a.id + '\u001f' + b.id) IN row.keep
WITH DISTINCT r
DELETE r
RETURN count(r) AS deleted
