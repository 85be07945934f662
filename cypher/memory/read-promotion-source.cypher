// memory/read-promotion-source.cypher — one memory of a repository (graph id or short memoryId; the exact graph id wins) with what promotion needs: payloads, scope, and the policy-plane records already promoted from it
// params: repoId: string, id: string   returns: id, memoryId, state, enforcementType, note, rejectionCodes, planRuleJson, fewShotJson, strategySignalJson, anchorPaths, declaredAnchors, promotions: list<{id, recordId, version}>
MATCH (m:Memory)
WHERE m.repoId = $repoId AND (m.id = $id OR m.memoryId = $id)
WITH m ORDER BY CASE WHEN m.id = $id THEN 0 ELSE 1 END
LIMIT 1
WITH m, coalesce(m.memoryId, m.id) AS memoryId
RETURN m.id AS id, memoryId, m.state AS state, m.enforcementType AS enforcementType, m.note AS note, coalesce(m.rejectionCodes, []) AS rejectionCodes,
  m.planRuleJson AS planRuleJson, m.fewShotJson AS fewShotJson, m.strategySignalJson AS strategySignalJson,
  [(m)-[:APPLIES_TO]->(a:DomainAnchor) | a.path] AS anchorPaths, coalesce(m.domainAnchorIds, []) AS declaredAnchors,
  COLLECT { MATCH (p:PolicyRecord) WHERE p.repoId = $repoId AND p.fromMemory = memoryId RETURN p {.id, .recordId, .version} ORDER BY p.version } AS promotions
