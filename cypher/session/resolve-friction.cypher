// session/resolve-friction.cypher — an ok turn of a work resolves the work's open friction raised by the same verb (the same check now passes); a refused plan's nodes get their accepted form (the fix) from the work's current plan, same nodeId
// params: repoId: string, workId: string, verb: string, turnId: string   returns: id: string, code: string
MATCH (w:Work {id: $workId})-[:HAD_FRICTION]->(f:FrictionEvent {verb: $verb})
WHERE w.repoId = $repoId AND coalesce(f.resolved, false) = false
CALL (w, f) {
  OPTIONAL MATCH (w)-[:HAS_PLAN]->(:PlanGraph {current: true})-[:HAS_NODE]->(n:PlanNode)
  WHERE n.nodeId IN coalesce(f.nodeIds, [])
  WITH n ORDER BY n.nodeId
  RETURN [x IN collect(n.nodeJson) WHERE x IS NOT NULL] AS fixes
}
SET f.resolved = true, f.resolvedAt = datetime(), f.resolvedByTurn = $turnId, f.fixNodesJson = fixes
RETURN f.id AS id, f.code AS code
ORDER BY id
