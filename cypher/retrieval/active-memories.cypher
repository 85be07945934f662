// retrieval/active-memories.cypher — episodic memory lane: active (approved or provisional) memories of a repository, except those promoted to a current policy-plane record, with their anchors and the facts they point at
// params: repoId: string, limit: Integer   returns: id, state, enforcementType, declaredAnchors, anchorPaths, note, strategySignalJson, fewShotJson, planRuleJson, updatedAt, expiresAt, nodes: list<{id, path, labels}>
MATCH (m:Memory)
WHERE m.repoId = $repoId AND m.state IN ['approved', 'provisional']
  // A memory promoted to the policy plane reaches the pack as that record while it is current (listed once);
  // a strategy_signal only while the record still carries the signal that takes its place.
  AND NOT EXISTS { MATCH (p:PolicyRecord {recordId: m.promotedTo}) WHERE p.repoId = $repoId AND p.current = true AND coalesce(p.status, 'active') <> 'retired'
    AND (m.enforcementType <> 'strategy_signal' OR p.strategySignalJson IS NOT NULL) }
RETURN coalesce(m.memoryId, m.id) AS id, m.state AS state, m.enforcementType AS enforcementType, coalesce(m.domainAnchorIds, []) AS declaredAnchors,
  [(m)-[:APPLIES_TO]->(a:DomainAnchor) | a.path] AS anchorPaths, m.note AS note, m.strategySignalJson AS strategySignalJson,
  m.fewShotJson AS fewShotJson, m.planRuleJson AS planRuleJson, m.updatedAt AS updatedAt, m.expiresAt AS expiresAt,
  [x IN COLLECT { MATCH (x:Fact) WHERE x.id IN coalesce(m.graphNodeIds, []) AND x.repoId = $repoId RETURN x } |
    {id: x.id, path: CASE WHEN x:Endpoint THEN x.ownerFile ELSE coalesce(x.path, x.ownerFile) END, labels: labels(x)}] AS nodes
ORDER BY id
LIMIT $limit
