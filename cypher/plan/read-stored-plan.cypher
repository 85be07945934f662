// plan/read-stored-plan.cypher — a stored plan by id for a retry: whose work it is, its status (waiting_lease, accepted, superseded), its JSON and hash; no row when the id is unknown in this repository
// params: repoId: string, planId: string   returns: planId: string, workId: string|null, status: string|null, current: boolean, planJson: string|null, planHash: string|null, storedAt: string|null
MATCH (g:PlanGraph {id: $planId})
WHERE g.repoId = $repoId
RETURN g.id AS planId, g.workId AS workId, g.status AS status, coalesce(g.current, false) AS current, g.planJson AS planJson, g.planHash AS planHash,
       toString(g.storedAt) AS storedAt
