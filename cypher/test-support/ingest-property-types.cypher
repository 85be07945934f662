// test-support/ingest-property-types.cypher — the stored Cypher type of each property of a namespace's nodes with a label (e.g. INTEGER NOT NULL)
// params: repoId: string, label: string   returns: id: string, types: list<{key: string, type: string}>
MATCH (n)
WHERE n.repoId = $repoId AND $label IN labels(n)
RETURN n.id AS id, [k IN keys(n) | {key: k, type: valueType(n[k])}] AS types
ORDER BY n.id
