// plan/read-work-plan.cypher — a work's current (accepted) plan: its envelope, its nodes with their recorded outcomes, and the work's state
// params: repoId: string, workId: string   returns: work: map, plan: map|null, nodes: list<map>
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
OPTIONAL MATCH (w)-[:HAS_PLAN]->(g:PlanGraph {current: true})
CALL (g) {
  OPTIONAL MATCH (g)-[:HAS_NODE]->(n:PlanNode)
  WITH n ORDER BY n.ordinal
  RETURN collect(n {.nodeId, .kind, .ordinal, .mapsToNodeIds, .dependsOn, .outcome, .outcomeAt, .targetFile, .operation, .targetSymbols, .nodeJson, .evidenceJson}) AS nodes
}
RETURN w {.id, .state, .version, .totalNodes, .completedNodes} AS work,
       CASE WHEN g IS NULL THEN null ELSE g {.id, .fingerprint, .schemaVersion, .strategyId, .contextPackRef, .contextPackHash, .repoSnapshotId, .agentId, .envelopeJson, acceptedAt: toString(g.acceptedAt)} END AS plan,
       nodes
