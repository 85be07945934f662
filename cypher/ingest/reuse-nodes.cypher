// ingest/reuse-nodes.cypher — turns stale facts of a changed file into its new facts of the same labels (a fact whose line moved): every relationship removed, as DETACH DELETE would, then the new id (merge-nodes sets the properties). The node and its label and owner index entries stay, so a reader racing the commit never finds neither the old nor the new fact
// params: rows: list<{from: string, to: string}>   returns: reused: list<string> (the `from` ids turned; the others are deleted)
UNWIND $rows AS row
MATCH (n:Fact {id: row.from})
WHERE NOT EXISTS { MATCH (:Fact {id: row.to}) }
CALL (n) {
  MATCH (n)-[r]-()
  DELETE r
}
SET n.id = row.to
RETURN collect(row.from) AS reused
