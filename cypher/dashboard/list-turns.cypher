// dashboard/list-turns.cypher — a repository's most recent turns, newest first, optionally of one work and/or one agent
// params: repoId: string, workId: string|null, agentId: string|null, limit: Integer   returns: turn: map {id, seq, at, workId, agentId, verb, outcome, denyCodes, latencyMs, tokens, stateBefore, stateAfter, files}
MATCH (t:Turn)
WHERE t.repoId = $repoId AND ($workId IS NULL OR t.workId = $workId) AND ($agentId IS NULL OR t.agentId = $agentId)
WITH t ORDER BY t.at DESC, t.id DESC LIMIT $limit
RETURN t {.id, .seq, at: toString(t.at), .workId, .agentId, .verb, .outcome, .denyCodes, .latencyMs, .tokens, .stateBefore, .stateAfter, .files} AS turn
