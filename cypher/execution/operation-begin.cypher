// execution/operation-begin.cypher — claims an idempotency key for a mutating verb with its owner and expiry (or returns the existing claim); serialised on the work's lock
// params: repoId: string, workId: string, operationId: string, verb: string, argsHash: string, token: string, owner: {instanceId, pid, host, traceRef}, ttlMs: Integer   returns: created: boolean, verb, argsHash, status, resultJson, errorJson, token, ownerInstance, ownerPid, ownerHost, ownerTraceRef, expiresAt: string|null, expired: boolean, remainingMs: integer
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
SET w.updatedAt = datetime()
WITH w
MERGE (w)-[:HAS_OPERATION]->(o:Operation {repoId: $repoId, workId: $workId, id: $operationId})
ON CREATE SET o.verb = $verb, o.argsHash = $argsHash, o.status = 'running', o.createdAt = datetime(), o.created = true,
  o.claimToken = $token, o.ownerInstance = $owner.instanceId, o.ownerPid = $owner.pid, o.ownerHost = $owner.host, o.ownerTraceRef = $owner.traceRef,
  o.claimedAt = datetime(), o.expiresAt = datetime() + duration({milliseconds: $ttlMs}), o.takeovers = 0
WITH o, coalesce(o.created, false) AS created, datetime() AS now
REMOVE o.created
RETURN created, o.verb AS verb, o.argsHash AS argsHash, o.status AS status, o.resultJson AS resultJson, o.errorJson AS errorJson,
  o.claimToken AS token, o.ownerInstance AS ownerInstance, o.ownerPid AS ownerPid, o.ownerHost AS ownerHost, o.ownerTraceRef AS ownerTraceRef,
  toString(o.expiresAt) AS expiresAt, coalesce(o.expiresAt <= now, true) AS expired,
  CASE WHEN o.expiresAt IS NULL OR o.expiresAt <= now THEN 0 ELSE duration.inSeconds(now, o.expiresAt).milliseconds END AS remainingMs
