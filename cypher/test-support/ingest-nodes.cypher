// test-support/ingest-nodes.cypher — every node of a test namespace carrying a label, with its labels and properties
// params: repoId: string, label: string   returns: labels: list<string>, props: map
MATCH (n)
WHERE n.repoId = $repoId AND $label IN labels(n)
RETURN labels(n) AS labels, properties(n) AS props
ORDER BY n.id
