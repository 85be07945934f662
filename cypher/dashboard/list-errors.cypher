// dashboard/list-errors.cypher — a repository's most recent turns that did not succeed (denied, or answered with an insufficient pack), newest first
// params: repoId: string, workId: string|null, limit: Integer   returns: turn: map {id, seq, at, workId, agentId, verb, outcome, denyCodes, stateBefore, files}
MATCH (t:Turn)
WHERE t.repoId = $repoId AND t.outcome <> 'ok' AND ($workId IS NULL OR t.workId = $workId)
WITH t ORDER BY t.at DESC, t.id DESC LIMIT $limit
RETURN t {.id, .seq, at: toString(t.at), .workId, .agentId, .verb, .outcome, .denyCodes, .stateBefore, .files} AS turn
