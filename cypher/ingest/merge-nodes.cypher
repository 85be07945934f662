// ingest/merge-nodes.cypher — upserts fact nodes by id: properties replaced, labels set (validated against the allowlist in TS), stale labels removed
// params: rows: list<{id: string, labels: list<string>, drop: list<string>, props: map}>   returns: written: number
UNWIND $rows AS row
MERGE (n:Fact {id: row.id})
SET n = row.props
SET n:$(row.labels)
REMOVE n:$(row.drop)
RETURN count(n) AS written
