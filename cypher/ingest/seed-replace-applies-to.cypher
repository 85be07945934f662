// ingest/seed-replace-applies-to.cypher — re-links a policy-plane record to the domain anchors its globs match
// params: rows: list<{id: string, anchorIds: list<string>}>   returns: linked: number
UNWIND $rows AS row
MATCH (n:PolicyRecord {id: row.id})
CALL (n) {
  MATCH (n)-[old:APPLIES_TO]->()
  DELETE old
}
WITH n, row
UNWIND row.anchorIds AS anchorId
MATCH (a:DomainAnchor {id: anchorId})
MERGE (n)-[:APPLIES_TO]->(a)
RETURN count(*) AS linked
