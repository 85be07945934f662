// dashboard/list-errors.cypher — a repository's most recent turns that did not succeed (denied, or answered with an insufficient pack), newest first
// params: repoId: string, workId: string|null, limit: Integer   returns: turn: map {id, seq, at, workId, agentId, verb, outcome, denyCodes, stateBefore, files}
MATCH (t:Turn)
WHERE t.repoId = $repoId AND t.at IS NOT NULL AND t.outcome <> 'ok' AND ($workId IS NULL OR t.workId = $workId)
// Every Turn has `at`; with it named and the order given as the (repoId, at) index's own keys (repoId is one value),
// the index hands over the newest turns first instead of all of them being sorted.
WITH t ORDER BY t.repoId DESC, t.at DESC, t.id DESC LIMIT $limit
RETURN t {.id, .seq, at: toString(t.at), .workId, .agentId, .verb, .outcome, .denyCodes, .stateBefore, .files} AS turn
