// execution/operation-takeover.cypher — takes over a running claim whose owner died or whose expiry passed: compare-and-set on the claim token under the work's lock, so of two racing retries exactly one wins
// params: repoId: string, workId: string, operationId: string, expectedToken: string, token: string, owner: {instanceId, pid, host, traceRef}, ttlMs: Integer, reason: string   returns: intentJson: string|null, takeovers: integer (no row when another retry took it over or it finished first)
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
SET w.updatedAt = datetime()
WITH w
MATCH (w)-[:HAS_OPERATION]->(o:Operation {repoId: $repoId, workId: $workId, id: $operationId})
WHERE o.status = 'running' AND coalesce(o.claimToken, '') = $expectedToken
SET o.previousOwnerInstance = o.ownerInstance, o.previousOwnerPid = o.ownerPid, o.previousOwnerHost = o.ownerHost, o.previousOwnerTraceRef = o.ownerTraceRef,
  o.claimToken = $token, o.ownerInstance = $owner.instanceId, o.ownerPid = $owner.pid, o.ownerHost = $owner.host, o.ownerTraceRef = $owner.traceRef,
  o.claimedAt = datetime(), o.expiresAt = datetime() + duration({milliseconds: $ttlMs}),
  o.takeovers = coalesce(o.takeovers, 0) + 1, o.lastTakeoverReason = $reason, o.lastTakeoverAt = datetime()
RETURN o.intentJson AS intentJson, o.takeovers AS takeovers
