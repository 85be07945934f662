// bench/observer-seed-works.cypher — the observer benchmark's works, each with its agents (counters at zero, WORKS_ON), shaped as create-work.cypher and commit-turn.cypher leave them
// params: repoId: string, works: list<map {id, state, runSessionId, originalPrompt, maxTokens: Integer, thresholdTokens: Integer, createdAt: string (ISO), agentIds: list<string>}>   returns: works: integer, agents: integer
UNWIND $works AS row
CREATE (w:Work {
  id: row.id, repoId: $repoId, state: row.state, version: 1, runSessionId: row.runSessionId,
  originalPrompt: row.originalPrompt, usedTokens: 0, maxTokens: row.maxTokens, thresholdTokens: row.thresholdTokens,
  totalNodes: 0, completedNodes: 0, createdBy: row.agentIds[0], createdAt: datetime(row.createdAt), updatedAt: datetime(row.createdAt)
})
WITH row, w
UNWIND row.agentIds AS agentId
CREATE (a:Agent {id: agentId, repoId: $repoId, workId: w.id, actions: 0, rejections: 0, usedTokens: 0, createdAt: w.createdAt, lastSeenAt: w.createdAt})
CREATE (a)-[:WORKS_ON]->(w)
RETURN count(DISTINCT w) AS works, count(a) AS agents
