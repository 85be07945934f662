// ingest/delete-repo-facts.cypher — deletes up to $limit fact nodes of a repo (call until it returns 0; bounded transactions)
// params: repoId: string, limit: Integer   returns: deleted: number
MATCH (n:Fact)
WHERE n.repoId = $repoId AND n.ownerFile IS NOT NULL
WITH n LIMIT $limit
DETACH DELETE n
RETURN count(*) AS deleted
