// execution/operation-abandon.cypher — releases a claim whose operation failed before applying anything (a retry may run it)
// params: repoId: string, workId: string, operationId: string   returns: released: integer
MATCH (o:Operation {repoId: $repoId, workId: $workId, id: $operationId})
WHERE o.status = 'running'
DETACH DELETE o
RETURN count(*) AS released
