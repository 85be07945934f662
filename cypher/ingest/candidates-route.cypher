// ingest/candidates-route.cypher — every route of a repo with its composed full path (matched in TS: parameters and wildcards)
// params: repoId: string   returns: id: string, fullPath: string
MATCH (r:Route)
WHERE r.repoId = $repoId AND r.fullPath IS NOT NULL
RETURN r.id AS id, r.fullPath AS fullPath
