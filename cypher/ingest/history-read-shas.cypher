// ingest/history-read-shas.cypher — the shas of every stored commit of a repo (compared with the window from HEAD)
// params: repoId: string   returns: sha: string
MATCH (c:Commit)
WHERE c.repoId = $repoId AND c.time IS NOT NULL
RETURN c.sha AS sha
