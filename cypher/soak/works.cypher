// soak/works.cypher — every Work of the soak's repository with its final state (soak invariant: each work ends as expected)
// params: repoId: string   returns: workId: string, state: string, usedTokens: number, version: number
MATCH (w:Work)
WHERE w.repoId = $repoId
RETURN w.id AS workId, w.state AS state, w.usedTokens AS usedTokens, w.version AS version
ORDER BY workId
