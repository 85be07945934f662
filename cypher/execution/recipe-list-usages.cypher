// execution/recipe-list-usages.cypher — a work's recipe_usage events, oldest first
// params: repoId: string, workId: string   returns: event: map
MATCH (w:Work {id: $workId})-[:HAS_EVENT]->(e:RecipeUsage)
WHERE w.repoId = $repoId
RETURN e {.id, .type, .nodeId, .agentId, .runSessionId, .recipeId, .paramsHash, .outcome, .errorCode, .startedAt, .finishedAt, .durationMs, .resultJson} AS event
ORDER BY e.startedAt, e.id
LIMIT 500
