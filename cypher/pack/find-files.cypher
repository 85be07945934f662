// pack/find-files.cypher — which of the given repo-relative paths exist as File facts, with their content hash
// params: repoId: string, paths: list<string>   returns: path, sha256, size
UNWIND $paths AS path
MATCH (f:File {repoId: $repoId, path: path})
RETURN DISTINCT f.path AS path, f.sha256 AS sha256, f.size AS size
ORDER BY path
