// execution/gate-record-run.cypher — stores one gate step run (GateRun) of a work, linked to the work and to the current plan node it verifies
// params: repoId: string, workId: string, run: map (id, nodeId, hookId, stepName, passed, … primitives only)   returns: id: string, linkedNode: boolean
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
CREATE (g:GateRun {id: $run.id})
SET g += $run, g.repoId = $repoId, g.workId = $workId, g.recordedAt = datetime()
MERGE (w)-[:HAS_GATE_RUN]->(g)
WITH w, g
OPTIONAL MATCH (w)-[:HAS_PLAN]->(:PlanGraph {current: true})-[:HAS_NODE]->(n:PlanNode {nodeId: $run.nodeId})
FOREACH (_ IN CASE WHEN n IS NULL THEN [] ELSE [1] END | MERGE (n)-[:VERIFIED_BY]->(g))
RETURN g.id AS id, n IS NOT NULL AS linkedNode
