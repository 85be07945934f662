// session/record-turn.cypher — logs one controller turn and updates the calling agent's counters
// params: turn: map (id, repoId, workId, agentId, runSessionId, verb, outcome, denyCodes, latencyMs, tokens, stateBefore, stateAfter, traceMeta), repoId, workId: string|null, agentId: string|null, rejected: Integer, tokens: Integer   returns: id
CREATE (t:Turn)
SET t = $turn, t.at = datetime()
WITH t
OPTIONAL MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId AND $agentId IS NOT NULL
CALL (t, w) {
  WITH t, w
  WHERE w IS NOT NULL
  CREATE (w)-[:HAS_TURN]->(t)
  MERGE (a:Agent {id: $agentId})
    ON CREATE SET a.repoId = $repoId, a.workId = w.id, a.actions = 0, a.rejections = 0, a.usedTokens = 0, a.createdAt = datetime()
  SET a.lastSeenAt = datetime()
  SET a.actions = a.actions + 1, a.rejections = a.rejections + $rejected, a.usedTokens = a.usedTokens + $tokens
  MERGE (a)-[:WORKS_ON]->(w)
  CREATE (a)-[:TOOK]->(t)
}
RETURN t.id AS id
