// ingest/memory-replace-applies-to.cypher — re-links a memory record to the domain anchors its domainAnchorIds name
// params: rows: list<{id: string, anchorIds: list<string>}>   returns: linked: number
UNWIND $rows AS row
MATCH (m:Memory {id: row.id})
CALL (m) {
  MATCH (m)-[old:APPLIES_TO]->()
  DELETE old
}
WITH m, row
UNWIND row.anchorIds AS anchorId
MATCH (a:DomainAnchor {id: anchorId})
MERGE (m)-[:APPLIES_TO]->(a)
RETURN count(*) AS linked
