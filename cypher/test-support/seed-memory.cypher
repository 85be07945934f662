// test-support/seed-memory.cypher — creates one Memory of a repository in a given state and enforcement type, created at a given time as an ISO string or a Neo4j DateTime (friction candidates store the latter); tests drive the lifecycle clock from there
// params: repoId: string, id: string, state: string, enforcementType: string, createdAt: string (ISO), asDateTime: boolean, planRuleJson: string | null   returns: id
WITH CASE WHEN $asDateTime THEN datetime($createdAt) ELSE $createdAt END AS createdAt
CREATE (m:Memory {id: $id, memoryId: $id, repoId: $repoId, state: $state, enforcementType: $enforcementType, trigger: 'friction', phase: 'planning',
  domainAnchorIds: [], rejectionCodes: ['PLAN_VERIFICATION_WEAK'], createdAt: createdAt, updatedAt: createdAt, planRuleJson: $planRuleJson,
  note: 'seeded by a test'})
RETURN m.id AS id
