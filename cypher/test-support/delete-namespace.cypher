// test-support/delete-namespace.cypher — removes every node a test stamped with its namespace (repoId)
// params: repoId: string   returns: deleted: number
MATCH (n {repoId: $repoId})
DETACH DELETE n
RETURN count(n) AS deleted
