// ingest/create-nodes.cypher — creates fact nodes that cannot exist yet (first ingest of a repo, ids not written before in the run): no lookup before the write
// params: rows: list<{labels: list<string>, props: map}> (props.id is the node id)   returns: written: number
UNWIND $rows AS row
CREATE (n:Fact)
SET n = row.props
SET n:$(row.labels)
RETURN count(n) AS written
