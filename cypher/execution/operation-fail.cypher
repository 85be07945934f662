// execution/operation-fail.cypher — closes a claim whose reconciliation found a state it must not touch: every retry of the key gets the recorded refusal
// params: repoId: string, workId: string, operationId: string, token: string, errorJson: string   returns: id: string
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
SET w.updatedAt = datetime()
WITH w
MATCH (w)-[:HAS_OPERATION]->(o:Operation {repoId: $repoId, workId: $workId, id: $operationId})
WHERE o.status = 'running' AND coalesce(o.claimToken, '') = $token
SET o.status = 'failed', o.errorJson = $errorJson, o.completedAt = datetime(), o.expiresAt = null
RETURN o.id AS id
