// plan/read-plan-rule-memories.cypher — plan_rule memories of a repository that validation enforces or reports (approved, provisional, expired)
// params: repoId: string, limit: Integer   returns: id, state, planRuleJson: string|null, expiresAt: string|null, note: string|null, anchorIds, declaredAnchors: list<string>
MATCH (m:Memory)
WHERE m.repoId = $repoId AND m.enforcementType = 'plan_rule' AND m.state IN ['approved', 'provisional', 'expired']
RETURN coalesce(m.memoryId, m.id) AS id, m.state AS state, m.planRuleJson AS planRuleJson, m.expiresAt AS expiresAt, m.note AS note,
       [(m)-[:APPLIES_TO]->(a:DomainAnchor) | a.id] AS anchorIds, coalesce(m.domainAnchorIds, []) AS declaredAnchors
ORDER BY id
LIMIT $limit
