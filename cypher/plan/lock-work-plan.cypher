// plan/lock-work-plan.cypher — takes the work's write lock (so outcome updates serialise) and returns the current plan's nodes and outcomes
// params: repoId: string, workId: string   returns: planId: string|null, state: string, nodes: list<{nodeId, kind, mapsToNodeIds, outcome}>
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
SET w.updatedAt = datetime()
WITH w
OPTIONAL MATCH (w)-[:HAS_PLAN]->(g:PlanGraph {current: true})
CALL (g) {
  OPTIONAL MATCH (g)-[:HAS_NODE]->(n:PlanNode)
  WITH n ORDER BY n.ordinal
  RETURN collect(n {.nodeId, .kind, .mapsToNodeIds, .outcome}) AS nodes
}
RETURN g.id AS planId, w.state AS state, nodes
