// test-support/read-turns.cypher — the Turn, Agent and FrictionEvent records of a work (tests only)
// params: repoId: string, workId: string   returns: turns, agents, friction
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
OPTIONAL MATCH (w)-[:HAS_TURN]->(t:Turn)
WITH w, collect(t {.*, at: toString(t.at)}) AS turns
OPTIONAL MATCH (a:Agent)-[:WORKS_ON]->(w)
WITH w, turns, collect(a {.id, .actions, .rejections, .usedTokens}) AS agents
OPTIONAL MATCH (w)-[:HAD_FRICTION]->(f:FrictionEvent)
RETURN turns, agents, collect(f {.id, .code, .verb, .agentId, .workId, .resolved, .resolvedByTurn}) AS friction
