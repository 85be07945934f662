// dashboard/read-work.cypher — one work of a repository with its current plan (status) and that plan's nodes (kind, target, dependencies, outcome) in plan order
// params: repoId: string, workId: string   returns: work: map {id, state, version, originalPrompt, usedTokens, maxTokens, totalNodes, completedNodes, createdAt, updatedAt, plan: map|null, nodes: list<map>}
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
OPTIONAL MATCH (w)-[:HAS_PLAN]->(g:PlanGraph {current: true})
WITH w, head(collect(g)) AS g
RETURN w {
  .id, .state, .version, .originalPrompt, .usedTokens, .maxTokens, .totalNodes, .completedNodes,
  createdAt: toString(w.createdAt), updatedAt: toString(w.updatedAt),
  plan: CASE WHEN g IS NULL THEN null ELSE g {.id, .status, acceptedAt: toString(g.acceptedAt)} END,
  nodes: COLLECT {
    MATCH (g)-[:HAS_NODE]->(n:PlanNode)
    RETURN n {.nodeId, .kind, .ordinal, .operation, .targetFile, .sideEffectType, .outcome, dependsOn: coalesce(n.dependsOn, []), mapsToNodeIds: coalesce(n.mapsToNodeIds, []), outcomeAt: toString(n.outcomeAt)} AS node
    ORDER BY node.ordinal
  }
} AS work
