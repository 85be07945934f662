// ingest/history-delete-repo.cypher — deletes up to $limit of a repo's Commit and HistoryState nodes (call until it returns 0; bounded transactions)
// params: repoId: string, limit: Integer   returns: deleted: number
MATCH (n:Commit|HistoryState)
WHERE n.repoId = $repoId
WITH n LIMIT $limit
DETACH DELETE n
RETURN count(*) AS deleted
