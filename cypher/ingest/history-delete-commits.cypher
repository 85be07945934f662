// ingest/history-delete-commits.cypher — removes commits that left the window (HEAD moved back, a rebase, a smaller bound) with their CHANGED edges
// params: repoId: string, shas: list<string>   returns: deleted: number
UNWIND $shas AS sha
MATCH (c:Commit {id: $repoId + ':commit:' + sha})
DETACH DELETE c
RETURN count(*) AS deleted
