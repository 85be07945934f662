// memory/merge-override-memories.cypher — human override files become approved Memory records, linked to the domain anchors they name (by path or id)
// params: repoId: string, rows: list<{id: string, props: map, anchors: list<string>}>   returns: id: string, anchors: Integer
UNWIND $rows AS row
MERGE (m:Memory {id: row.id})
SET m = row.props
WITH m, row
CALL (m) {
  MATCH (m)-[old:APPLIES_TO]->()
  DELETE old
}
CALL (m, row) {
  MATCH (a:DomainAnchor)
  WHERE a.repoId = $repoId AND (a.path IN row.anchors OR a.id IN row.anchors)
  MERGE (m)-[:APPLIES_TO]->(a)
  RETURN count(a) AS anchors
}
RETURN m.id AS id, anchors
