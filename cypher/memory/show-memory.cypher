// memory/show-memory.cypher — one memory of a repository for people (graphgate memory show), by graph id or short memoryId (the exact graph id wins): its record, payloads as stored JSON, anchors and transitions oldest first
// params: repoId: string, id: string   returns: memory: map, anchors: list<string>, transitions: list<{transitionId, from, to, who, why, at, promotedTo}>
MATCH (m:Memory)
WHERE m.repoId = $repoId AND (m.id = $id OR m.memoryId = $id)
WITH m ORDER BY CASE WHEN m.id = $id THEN 0 ELSE 1 END
LIMIT 1
CALL (m) {
  OPTIONAL MATCH (m)-[:TRANSITIONED]->(t:MemoryTransition)
  WITH t ORDER BY t.at
  RETURN collect(t {transitionId: t.id, .from, .to, .who, .why, .at, .promotedTo}) AS transitions
}
RETURN m {.id, memoryId: coalesce(m.memoryId, m.id), .state, .enforcementType, .trigger, .phase, .domainAnchorIds, .rejectionCodes, .note, .works, .hits,
  .fewShotJson, .planRuleJson, .strategySignalJson, .originStrategyId, .traceRef, .sourceFile, .expiresAt, .reviewedBy, .promotedTo, .promotedAt,
  createdAt: toString(m.createdAt), updatedAt: toString(m.updatedAt), since: toString(coalesce(m.stateSince, m.createdAt))} AS memory,
  [(m)-[:APPLIES_TO]->(a:DomainAnchor) | a.path] AS anchors, transitions
