// dashboard/list-turns.cypher — a repository's most recent turns, newest first, optionally of one work and/or one agent
// params: repoId: string, workId: string|null, agentId: string|null, limit: Integer   returns: turn: map {id, seq, at, workId, agentId, verb, outcome, denyCodes, latencyMs, tokens, stateBefore, stateAfter, files}
MATCH (t:Turn)
WHERE t.repoId = $repoId AND t.at IS NOT NULL AND ($workId IS NULL OR t.workId = $workId) AND ($agentId IS NULL OR t.agentId = $agentId)
// Every Turn has `at`; with it named and the order given as the (repoId, at) index's own keys (repoId is one value),
// the index hands over the newest turns first instead of all of them being sorted.
WITH t ORDER BY t.repoId DESC, t.at DESC, t.id DESC LIMIT $limit
RETURN t {.id, .seq, at: toString(t.at), .workId, .agentId, .verb, .outcome, .denyCodes, .latencyMs, .tokens, .stateBefore, .stateAfter, .files} AS turn
