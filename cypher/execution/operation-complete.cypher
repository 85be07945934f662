// execution/operation-complete.cypher — stores the result of a claimed operation (a retry then returns it); only the current claim holder can
// params: repoId: string, workId: string, operationId: string, token: string, result: {json: string, hash: string} (a map: the JSON's length does not key the plan)   returns: id: string (no row when the claim was taken over)
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
SET w.updatedAt = datetime()
WITH w
MATCH (w)-[:HAS_OPERATION]->(o:Operation {repoId: $repoId, workId: $workId, id: $operationId})
WHERE o.status = 'running' AND coalesce(o.claimToken, '') = $token
SET o.status = 'done', o.resultJson = $result.json, o.resultHash = $result.hash, o.completedAt = datetime(), o.expiresAt = null
RETURN o.id AS id
