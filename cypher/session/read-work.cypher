// session/read-work.cypher — one work of this repo with its current pack, its accepted plan's pending validations, the verbs it has open friction for, and the calling agent's owner
// params: workId: string, repoId: string, agentId: string|null, pendingTurnIds: list<string> (the caller's turns logged behind their answers, padded with '')   returns: work, pack|null, agent|null, openFrictionVerbs: list<string>, landedTurnIds: list<string>, landedAfter: list<string>
// A query reads committed data as it goes, not one snapshot: which pending turns have landed is read before
// and after usedTokens. A Turn is written in the same transaction as its tokens, so a turn landed before the
// read is in usedTokens and one not landed after is not; one that landed in between leaves it open (the caller reads again).
WITH [id IN $pendingTurnIds WHERE id <> '' AND EXISTS { MATCH (:Turn {id: id}) }] AS landedBefore
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
OPTIONAL MATCH (w)-[:USES_PACK]->(p:ContextPack)
WITH landedBefore, w, p ORDER BY p.createdAt DESC
WITH landedBefore, w, head(collect(p)) AS p
OPTIONAL MATCH (a:Agent {id: $agentId})
CALL (w) {
  OPTIONAL MATCH (w)-[:HAS_PLAN]->(:PlanGraph {current: true})-[:HAS_NODE]->(n:PlanNode {kind: 'validate'})
  WHERE n.outcome <> 'succeeded'
  WITH n ORDER BY n.ordinal
  RETURN [x IN collect(n) | {nodeId: x.nodeId, status: CASE x.outcome WHEN 'running' THEN 'running' WHEN 'failed' THEN 'failed' ELSE 'not_started' END}] AS pendingValidations
}
WITH landedBefore, w, p, a, pendingValidations, w.usedTokens AS usedTokens
RETURN w {.id, .state, .version, .runSessionId, .originalPrompt, usedTokens: usedTokens, .maxTokens, .thresholdTokens, .totalNodes, .completedNodes, pendingValidations: pendingValidations} AS work,
       CASE WHEN p IS NULL THEN null ELSE p {.id, .ref, .hash, .fileCount, .symbolCount, .strategyId, .version, .outcome} END AS pack,
       CASE WHEN a IS NULL THEN null ELSE a {.id, .workId, .repoId} END AS agent,
       // An ok turn of one of these verbs resolves that friction in its commit, so it cannot be logged behind its answer.
       [(w)-[:HAD_FRICTION]->(f:FrictionEvent) WHERE coalesce(f.resolved, false) = false | f.verb] AS openFrictionVerbs,
       landedBefore AS landedTurnIds,
       [id IN $pendingTurnIds WHERE id <> '' AND EXISTS { MATCH (:Turn {id: id}) }] AS landedAfter
