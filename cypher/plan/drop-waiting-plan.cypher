// plan/drop-waiting-plan.cypher — a kept plan whose retry no longer validates (the graph moved) stops waiting: status 'rejected', so it no longer holds the work's place in line
// params: repoId: string, workId: string, planId: string   returns: planId: string
MATCH (g:PlanGraph {id: $planId})
WHERE g.repoId = $repoId AND g.workId = $workId AND g.status = 'waiting_lease'
SET g.status = 'rejected', g.rejectedAt = datetime()
RETURN g.id AS planId
