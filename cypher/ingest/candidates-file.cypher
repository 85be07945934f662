// ingest/candidates-file.cypher — File facts with one of the given repo-relative paths
// params: repoId: string, paths: list<string>   returns: id: string, path: string
UNWIND $paths AS path
MATCH (f:File {repoId: $repoId, path: path})
RETURN f.id AS id, f.path AS path
