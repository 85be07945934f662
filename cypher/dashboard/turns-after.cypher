// dashboard/turns-after.cypher — a repository's turns committed after a stream position, in commit order (Turn.seq, from its TurnClock)
// params: repoId: string, after: Integer, limit: Integer   returns: turn: map {id, seq, at, workId, agentId, verb, outcome, denyCodes, latencyMs, tokens, stateBefore, stateAfter, files}
MATCH (t:Turn)
WHERE t.repoId = $repoId AND t.seq > $after
WITH t ORDER BY t.seq ASC LIMIT $limit
RETURN t {.id, .seq, at: toString(t.at), .workId, .agentId, .verb, .outcome, .denyCodes, .latencyMs, .tokens, .stateBefore, .stateAfter, .files} AS turn
