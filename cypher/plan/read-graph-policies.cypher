// plan/read-graph-policies.cypher — current Policy records of a repository with their scope (APPLIES_TO) and grounding (GROUNDED_BY usage → anchor)
// params: repoId: string, limit: Integer   returns: id, version, severity, statement, check, paramsJson, rejectionCode, planRuleJson, derivedFrom, fromMemory, anchorIds, declaredAnchors, groundedAnchorIds
MATCH (p:Policy)
WHERE p.repoId = $repoId AND p.current = true AND coalesce(p.status, 'active') <> 'retired'
RETURN p.recordId AS id, CASE WHEN p.version = toInteger(p.version) THEN toString(toInteger(p.version)) ELSE toString(p.version) END AS version, p.severity AS severity, p.rule AS statement, p.check AS check, p.paramsJson AS paramsJson,
       p.rejectionCode AS rejectionCode, p.planRuleJson AS planRuleJson, coalesce(p.derivedFrom, 'curated') AS derivedFrom, p.fromMemory AS fromMemory,
       [(p)-[:APPLIES_TO]->(a:DomainAnchor) | a.id] AS anchorIds, coalesce(p.appliesTo, []) AS declaredAnchors,
       [(p)-[:GROUNDED_BY]->(:Usage)<-[:HAS_USAGE]-(:File)-[:IN_ANCHOR]->(a:DomainAnchor) | a.id] AS groundedAnchorIds
ORDER BY id
LIMIT $limit
