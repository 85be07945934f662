// test-support/read-memories.cypher — a repository's memories with the paths of the anchors they apply to
// params: repoId: string   returns: id, state, enforcementType, trigger, works, hits, rejectionCodes, planRuleJson, fewShotJson, anchors: list<string>
MATCH (m:Memory)
WHERE m.repoId = $repoId
RETURN m.id AS id, m.state AS state, m.enforcementType AS enforcementType, m.trigger AS trigger, m.works AS works, m.hits AS hits,
  m.rejectionCodes AS rejectionCodes, m.planRuleJson AS planRuleJson, m.fewShotJson AS fewShotJson, [(m)-[:APPLIES_TO]->(a:DomainAnchor) | a.path] AS anchors
ORDER BY id
