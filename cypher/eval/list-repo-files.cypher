// eval/list-repo-files.cypher — every File fact of a repository (the corpus of the BM25 baseline)
// params: repoId: string   returns: path: string, size: number|null, sha256: string|null
MATCH (f:File {repoId: $repoId})
RETURN f.path AS path, f.size AS size, f.sha256 AS sha256
ORDER BY path
