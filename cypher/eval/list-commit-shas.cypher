// eval/list-commit-shas.cypher — the sha of every Commit node of a repository (the history eval checks each is an ancestor of the snapshot)
// params: repoId: string   returns: sha: string
MATCH (c:Commit)
WHERE c.repoId = $repoId
RETURN c.sha AS sha
