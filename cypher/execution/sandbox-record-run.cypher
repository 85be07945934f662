// execution/sandbox-record-run.cypher — stores one run_sandboxed_code run (success or refusal) as evidence, linked to the work and the plan node
// params: repoId: string, workId: string, event: map (id, nodeId, agentId, runSessionId, codeHash, inputsHash, packFiles, outcome, reason, valueHash, durationMs, startedAt, finishedAt)   returns: id: string
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
CREATE (e:SandboxRun {id: $event.id})
SET e += $event, e.type = 'sandbox_run', e.repoId = $repoId, e.workId = $workId, e.recordedAt = datetime()
MERGE (w)-[:HAS_EVENT]->(e)
WITH w, e
OPTIONAL MATCH (w)-[:HAS_PLAN]->(:PlanGraph {current: true})-[:HAS_NODE]->(n:PlanNode {nodeId: $event.nodeId})
FOREACH (_ IN CASE WHEN n IS NULL THEN [] ELSE [1] END | MERGE (n)-[:RAN_SANDBOX]->(e))
RETURN e.id AS id
