// ingest/seed-merge-records.cypher — appends policy-plane records (one node per record id and version); an existing version is never overwritten
// params: repoId: string, rows: list<{id: string, label: string, props: map}>   returns: id: string, created: boolean, sameContent: boolean
UNWIND $rows AS row
MERGE (n:PolicyRecord {id: row.id})
ON CREATE SET n = row.props, n.createdAt = datetime(), n.current = false, n._new = true
SET n:$(row.label)
WITH n, row, coalesce(n._new, false) AS created
REMOVE n._new
RETURN n.id AS id, created, n.contentHash = row.props.contentHash AS sameContent
