// ingest/history-link-files.cypher — links stored commits to File nodes created after them: those of $paths (files new in this run), or all of them ($all, repairing a cut-short sync)
// params: repoId: string, paths: list<string>, all: boolean   returns: linked: number
MATCH (c:Commit)
WHERE c.repoId = $repoId AND c.time IS NOT NULL
UNWIND [p IN c.files WHERE $all OR p IN $paths] AS path
MATCH (f:File {repoId: $repoId, path: path})
MERGE (c)-[:CHANGED]->(f)
RETURN count(*) AS linked
