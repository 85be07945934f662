// test-support/ingest-edges.cypher — every relationship of a type that starts at a node of a test namespace
// params: repoId: string, type: string   returns: from: string, to: string, props: map
MATCH (a)-[r]->(b)
WHERE a.repoId = $repoId AND type(r) = $type
RETURN a.id AS from, b.id AS to, properties(r) AS props
ORDER BY from, to
