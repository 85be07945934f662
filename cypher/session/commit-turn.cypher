// session/commit-turn.cypher — records one turn: tokens and (version-checked) state change on the work, the Turn, agent counters, friction (its seq is stamped by stamp-turn-seq.cypher at the end of the same transaction)
// params: repoId, c: {workId: string|null, agentId: string|null, tokens: Integer, nextState: string|null, expectedVersion: Integer|null, rejected: Integer, friction: list<map>}, turn: map   returns: applied, seenVersion, version, state, usedTokens, openFriction: boolean
// The per-turn values travel in one map: Neo4j keys its plan cache on each top-level parameter's type and size bucket (null or string, a state name of 8 or 13 characters, 0 or 1 friction rows), and the turn commit had six plans to make after every server start; inside a map they key nothing.
OPTIONAL MATCH (w:Work {id: $c.workId})
WHERE w.repoId = $repoId
// Writing first takes the work's write lock, so the version read next cannot go stale before the SET.
FOREACH (_ IN CASE WHEN w IS NULL THEN [] ELSE [1] END | SET w.updatedAt = datetime())
WITH w, w.version AS seenVersion
WITH w, seenVersion, (w IS NULL OR $c.nextState IS NULL OR seenVersion = $c.expectedVersion) AS applied
FOREACH (_ IN CASE WHEN w IS NOT NULL AND applied THEN [1] ELSE [] END |
  SET w.usedTokens = w.usedTokens + $c.tokens,
      w.state = coalesce($c.nextState, w.state),
      w.version = w.version + CASE WHEN $c.nextState IS NULL THEN 0 ELSE 1 END)
CREATE (t:Turn)
SET t = $turn, t.at = datetime()
// Turn.seq comes last in the transaction (stamp-turn-seq.cypher): the repository's clock lock then
// serialises only the commits, not the turns' effects.
WITH w, seenVersion, applied, t
FOREACH (_ IN CASE WHEN w IS NULL OR $c.agentId IS NULL THEN [] ELSE [1] END |
  CREATE (w)-[:HAS_TURN]->(t)
  MERGE (a:Agent {id: $c.agentId})
    ON CREATE SET a.repoId = $repoId, a.workId = w.id, a.actions = 0, a.rejections = 0, a.usedTokens = 0, a.createdAt = datetime()
  SET a.lastSeenAt = datetime()
  SET a.actions = a.actions + 1, a.rejections = a.rejections + $c.rejected, a.usedTokens = a.usedTokens + $c.tokens
  MERGE (a)-[:WORKS_ON]->(w)
  CREATE (a)-[:TOOK]->(t))
FOREACH (e IN $c.friction |
  CREATE (f:FrictionEvent)
  SET f = e, f.repoId = $repoId, f.at = datetime()
  CREATE (t)-[:RAISED]->(f)
  FOREACH (_ IN CASE WHEN w IS NULL THEN [] ELSE [1] END | CREATE (w)-[:HAD_FRICTION]->(f)))
// Whether the work has open friction from this verb: only then does an ok turn run resolve-friction.cypher.
RETURN applied, seenVersion, w.version AS version, w.state AS state, w.usedTokens AS usedTokens,
  CASE WHEN w IS NULL THEN false ELSE EXISTS { (w)-[:HAD_FRICTION]->(f:FrictionEvent {verb: $turn.verb}) WHERE coalesce(f.resolved, false) = false } END AS openFriction
