// execution/operation-release.cypher — ends a claim that failed after recording its intent without deleting it: expired now, so the next retry takes it over and reconciles
// params: repoId: string, workId: string, operationId: string, token: string   returns: released: integer
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
SET w.updatedAt = datetime()
WITH w
MATCH (w)-[:HAS_OPERATION]->(o:Operation {repoId: $repoId, workId: $workId, id: $operationId})
WHERE o.status = 'running' AND coalesce(o.claimToken, '') = $token
SET o.expiresAt = datetime(), o.releasedAt = datetime()
RETURN count(o) AS released
