// ingest/candidates-endpoint.cypher — every OpenAPI endpoint of a repo (matched in TS against called URLs)
// params: repoId: string   returns: id: string, method: string, path: string
MATCH (e:Endpoint)
WHERE e.repoId = $repoId AND e.path IS NOT NULL
RETURN e.id AS id, toUpper(coalesce(e.method, '')) AS method, e.path AS path
