// session/update-work.cypher — adds a turn's tokens; applies a state change only when the caller saw the current version
// params: workId, repoId, tokens: Integer, nextState: string|null, expectedVersion: Integer|null   returns: applied, seenVersion, version, state, usedTokens
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
// Writing first takes the node's write lock, so the version read below cannot go stale before the SET.
SET w.updatedAt = datetime()
WITH w, w.version AS seenVersion
WITH w, seenVersion, ($nextState IS NULL OR seenVersion = $expectedVersion) AS applied
SET w.usedTokens = w.usedTokens + $tokens,
    w.state = CASE WHEN applied AND $nextState IS NOT NULL THEN $nextState ELSE w.state END,
    w.version = CASE WHEN applied AND $nextState IS NOT NULL THEN w.version + 1 ELSE w.version END
RETURN applied, seenVersion, w.version AS version, w.state AS state, w.usedTokens AS usedTokens
