// ingest/merge-rel-uses-key.cypher — merges USES_KEY relationships between existing facts, one per (from, to, owner file)
// params: rows: list<{from: string, to: string, ownerFile: string, props: map}>   returns: written: number
UNWIND $rows AS row
MATCH (a:Fact {id: row.from})
MATCH (b:Fact {id: row.to})
MERGE (a)-[r:USES_KEY {ownerFile: row.ownerFile}]->(b)
SET r = row.props
RETURN count(r) AS written
