// test-support/owned-node-identities.cypher — the fact ids and the database's element ids of the nodes with a label that one file owns (does the writer reuse a node whose id moved)
// params: repoId: string, path: string, label: string   returns: id: string, elementId: string
MATCH (n:Fact {repoId: $repoId, ownerFile: $path})
WHERE $label IN labels(n)
RETURN n.id AS id, elementId(n) AS elementId
ORDER BY id
