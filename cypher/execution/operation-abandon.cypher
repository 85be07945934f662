// execution/operation-abandon.cypher — releases a claim whose operation failed before recording any intent (a retry runs it afresh); only the current claim holder can
// params: repoId: string, workId: string, operationId: string, token: string   returns: released: integer
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
SET w.updatedAt = datetime()
WITH w
MATCH (w)-[:HAS_OPERATION]->(o:Operation {repoId: $repoId, workId: $workId, id: $operationId})
WHERE o.status = 'running' AND coalesce(o.claimToken, '') = $token
DETACH DELETE o
RETURN count(*) AS released
