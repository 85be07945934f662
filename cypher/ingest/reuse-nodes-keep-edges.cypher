// ingest/reuse-nodes-keep-edges.cypher — like reuse-nodes.cypher, but the relationships stay: the atomic path merges the file's relationships again (MERGE finds those that did not change on the same node record) and prunes the others afterwards (prune-owned-edges, prune-ref-edges)
// params: rows: list<{from: string, to: string}>   returns: reused: list<string> (the `from` ids turned; the others are deleted)
UNWIND $rows AS row
MATCH (n:Fact {id: row.from})
WHERE NOT EXISTS { MATCH (:Fact {id: row.to}) }
SET n.id = row.to
RETURN collect(row.from) AS reused
