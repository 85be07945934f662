// test-support/plan-seed-enforcement.cypher — writes a reservation held by another work, a plan_rule memory and a prose policy grounded by a usage (tests only)
// params: repoId: string, otherWorkId: string, resource: string, usageId: string, anchorId: string   returns: written
CREATE (w:Work {id: $otherWorkId, repoId: $repoId, state: 'PLAN_ACCEPTED', version: 1})
CREATE (r:Reservation {id: $repoId + ':res:1', repoId: $repoId, resource: $resource, workId: $otherWorkId, expiresAt: datetime() + duration('PT1H')})
CREATE (m:Memory {id: $repoId + ':memory:mem-orders', memoryId: 'mem-orders', repoId: $repoId, enforcementType: 'plan_rule', state: 'approved', domainAnchorIds: ['projects/host/src/app/orders'],
  note: 'orders grid changes run the orders unit suite',
  planRuleJson: '{"condition":{"nodeKind":"change","targetGlob":"projects/host/src/app/orders/**"},"requiredSteps":[{"kind":"validate","hookRef":"unit-orders","description":"a validate node running unit-orders"}],"denyCode":"PLAN_POLICY_VIOLATION"}'})
WITH m
MATCH (a:DomainAnchor {id: $anchorId})
CREATE (m)-[:APPLIES_TO]->(a)
CREATE (p:Policy:PolicyRecord {id: $repoId + ':seed:policy.prose-sdf-badge@1', recordId: 'policy.prose-sdf-badge', repoId: $repoId, version: 1, current: true, severity: 'hard',
  derivedFrom: 'prose', rule: 'Status values use sdf-badge',
  planRuleJson: '{"condition":{"nodeKind":"change","textIncludes":"status-chip"},"requiredSteps":[],"denyCode":"PLAN_POLICY_VIOLATION"}'})
WITH p
MATCH (u:Usage {id: $usageId})
CREATE (p)-[:GROUNDED_BY]->(u)
RETURN 1 AS written
