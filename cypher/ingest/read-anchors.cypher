// ingest/read-anchors.cypher — the domain anchors of a repo (to match policy and memory scopes against)
// params: repoId: string   returns: id: string, path: string
MATCH (a:DomainAnchor)
WHERE a.repoId = $repoId
RETURN a.id AS id, a.path AS path
