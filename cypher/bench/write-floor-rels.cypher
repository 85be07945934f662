// bench/write-floor-rels.cypher — the write floor's relationships: both ends found by Fact id, plain CREATE (no MERGE)
// params: rows: list<{from: string, to: string, props: map}>   returns: written: number
UNWIND $rows AS row
MATCH (a:Fact {id: row.from})
MATCH (b:Fact {id: row.to})
CREATE (a)-[r:DEFINES]->(b)
SET r = row.props
RETURN count(r) AS written
