// ingest/create-rels.cypher — creates relationships of any allowlisted type that cannot exist yet (a first ingest: their owner file is new); one statement for every type, no lookup before the write
// params: rows: list<{type: string, from: string, to: string, props: map, n: int}> (n: the input rows this one stands for)   returns: type: string, written: number
UNWIND $rows AS row
MATCH (a:Fact {id: row.from})
MATCH (b:Fact {id: row.to})
CREATE (a)-[r:$(row.type)]->(b)
SET r = row.props
RETURN row.type AS type, sum(row.n) AS written
