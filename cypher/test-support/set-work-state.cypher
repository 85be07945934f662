// test-support/set-work-state.cypher — forces a work's state and counters, bumping its version (tests only)
// params: workId, repoId, state: string, usedTokens: Integer|null, totalNodes: Integer|null, completedNodes: Integer|null   returns: version
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
SET w.state = $state, w.version = w.version + 1,
    w.usedTokens = coalesce($usedTokens, w.usedTokens),
    w.totalNodes = coalesce($totalNodes, w.totalNodes),
    w.completedNodes = coalesce($completedNodes, w.completedNodes)
RETURN w.version AS version
