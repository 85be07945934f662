// test-support/delete-namespace.cypher — removes every node a test stamped with its namespace (repoId), its works' overlays (`<repoId>.ov-…`) included
// params: repoId: string   returns: deleted: number
MATCH (n)
WHERE n.repoId = $repoId OR n.repoId STARTS WITH $repoId + '.ov-'
DETACH DELETE n
RETURN count(n) AS deleted
