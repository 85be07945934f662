// execution/recipe-record-usage.cypher — stores the episodic recipe_usage event of one recipe run with its provenance, linked to the work and the plan node
// params: repoId: string, workId: string, event: map (id, nodeId, agentId, runSessionId, recipeId, paramsHash, outcome, startedAt, finishedAt, durationMs, …)   returns: id: string
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
CREATE (e:RecipeUsage {id: $event.id})
SET e += $event, e.type = 'recipe_usage', e.repoId = $repoId, e.workId = $workId, e.recordedAt = datetime()
MERGE (w)-[:HAS_EVENT]->(e)
WITH w, e
OPTIONAL MATCH (w)-[:HAS_PLAN]->(:PlanGraph {current: true})-[:HAS_NODE]->(n:PlanNode {nodeId: $event.nodeId})
FOREACH (_ IN CASE WHEN n IS NULL THEN [] ELSE [1] END | MERGE (n)-[:USED_RECIPE]->(e))
RETURN e.id AS id
