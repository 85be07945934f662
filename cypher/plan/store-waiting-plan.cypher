// plan/store-waiting-plan.cypher — keeps a validated plan that was refused only for another work's leases: a PlanGraph {status: 'waiting_lease'} of the work holding the plan's JSON, its hash and target files, so a retry names it instead of resending it; the same plan again reuses the stored one (and marks the work as still waiting), another plan supersedes it; the work keeps its place in line (queuedAt) across its waiting plans
// params: repoId: string, workId: string, planId: string, planHash: string, fingerprint: string, nodeCount: Integer, stored: {planJson: string, files: list<string>} (a map: the JSON's length and the list's size do not key the plan)   returns: planId: string, created: boolean, queuedAt: string
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
OPTIONAL MATCH (w)-[:HAS_PLAN]->(old:PlanGraph {status: 'waiting_lease'})
WITH w, collect(old) AS olds, min(old.queuedAt) AS queuedAt
WITH w, olds, queuedAt, [o IN olds WHERE o.planHash = $planHash][0] AS same
FOREACH (o IN CASE WHEN same IS NULL THEN olds ELSE [] END | SET o.status = 'superseded', o.supersededAt = datetime())
FOREACH (s IN CASE WHEN same IS NULL THEN [] ELSE [same] END | SET s.lastSeenAt = datetime())
FOREACH (_ IN CASE WHEN same IS NULL THEN [1] ELSE [] END |
  CREATE (w)-[:HAS_PLAN]->(:PlanGraph {
    id: $planId, repoId: $repoId, workId: $workId, current: false, status: 'waiting_lease', planJson: $stored.planJson, planHash: $planHash,
    fingerprint: $fingerprint, nodeCount: $nodeCount, files: $stored.files, storedAt: datetime(), lastSeenAt: datetime(), queuedAt: coalesce(queuedAt, datetime())
  }))
RETURN coalesce(same.id, $planId) AS planId, same IS NULL AS created, toString(coalesce(queuedAt, datetime())) AS queuedAt
