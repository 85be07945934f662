// session/summarize-work.cypher — turn statistics of one work for the completion summary
// params: workId: string, repoId: string, limit: Integer   returns: verb, outcome, denyCodes, agentId (one row per turn, oldest first)
MATCH (w:Work {id: $workId})-[:HAS_TURN]->(t:Turn)
WHERE w.repoId = $repoId
RETURN t.verb AS verb, t.outcome AS outcome, t.denyCodes AS denyCodes, t.agentId AS agentId
ORDER BY t.at
LIMIT $limit
