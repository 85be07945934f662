// session/read-work.cypher — one work of this repo with its current pack and the calling agent's owner
// params: workId: string, repoId: string, agentId: string|null   returns: work, pack|null, agent|null
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
OPTIONAL MATCH (w)-[:USES_PACK]->(p:ContextPack)
WITH w, p ORDER BY p.createdAt DESC
WITH w, head(collect(p)) AS p
OPTIONAL MATCH (a:Agent {id: $agentId})
RETURN w {.id, .state, .version, .runSessionId, .originalPrompt, .usedTokens, .maxTokens, .thresholdTokens, .totalNodes, .completedNodes} AS work,
       CASE WHEN p IS NULL THEN null ELSE p {.id, .ref, .hash, .fileCount, .symbolCount} END AS pack,
       CASE WHEN a IS NULL THEN null ELSE a {.id, .workId, .repoId} END AS agent
