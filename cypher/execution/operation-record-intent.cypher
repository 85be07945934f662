// execution/operation-record-intent.cypher — records what a claimed operation is about to do (e.g. file hashes before and after a write) and renews its expiry; only the current claim holder can
// params: repoId: string, workId: string, operationId: string, token: string, intentJson: string, ttlMs: Integer   returns: id: string (no row when the claim was taken over)
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
SET w.updatedAt = datetime()
WITH w
MATCH (w)-[:HAS_OPERATION]->(o:Operation {repoId: $repoId, workId: $workId, id: $operationId})
WHERE o.status = 'running' AND coalesce(o.claimToken, '') = $token
SET o.intentJson = $intentJson, o.intentAt = datetime(), o.expiresAt = datetime() + duration({milliseconds: $ttlMs})
RETURN o.id AS id
