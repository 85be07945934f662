// plan/record-node-outcome.cypher — records one plan node's execution or validation outcome (with evidence) and the work's recomputed progress counters
// params: repoId: string, workId: string, planId: string, record: {nodeId: string, outcome: string, evidenceJson: string|null} (a map: lengths and nulls do not key the plan), completedNodes: Integer   returns: nodeId, outcome
MATCH (w:Work {id: $workId})-[:HAS_PLAN]->(g:PlanGraph {id: $planId})-[:HAS_NODE]->(n:PlanNode {nodeId: $record.nodeId})
WHERE w.repoId = $repoId
SET n.outcome = $record.outcome, n.outcomeAt = datetime(), n.evidenceJson = coalesce($record.evidenceJson, n.evidenceJson),
    w.completedNodes = $completedNodes
RETURN n.nodeId AS nodeId, n.outcome AS outcome
