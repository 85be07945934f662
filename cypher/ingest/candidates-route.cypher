// ingest/candidates-route.cypher — every route of a repo with its composed full path(s) and its file (matched in TS: parameters, wildcards, the referring app)
// params: repoId: string   returns: id: string, fullPath: string, fullPaths: list<string> (host URLs of a mounted remote route, [] when none), file: string
MATCH (r:Route)
WHERE r.repoId = $repoId AND r.fullPath IS NOT NULL
RETURN r.id AS id, r.fullPath AS fullPath, coalesce(r.fullPaths, []) AS fullPaths, r.ownerFile AS file
