// dashboard/list-works.cypher — a repository's works, most recently active first, with their isolated worktree, their unreleased leases and their agents
// params: repoId: string, limit: Integer   returns: work: map {id, state, version, originalPrompt, usedTokens, maxTokens, createdAt, updatedAt, worktree, leases, agents}
MATCH (w:Work)
WHERE w.repoId = $repoId
WITH w ORDER BY w.updatedAt DESC, w.id DESC LIMIT $limit
OPTIONAL MATCH (w)-[:HAS_WORKTREE]->(wt:Worktree)
WITH w, head(collect(wt)) AS wt
RETURN w {
  .id, .state, .version, .originalPrompt, .usedTokens, .maxTokens, .totalNodes, .completedNodes,
  createdAt: toString(w.createdAt), updatedAt: toString(w.updatedAt),
  worktree: CASE WHEN wt IS NULL THEN null ELSE wt {.kind, .root, .branch, .baseCommit, .mergedInto, removedAt: toString(wt.removedAt)} END,
  leases: COLLECT {
    MATCH (r:Reservation)
    WHERE r.repoId = $repoId AND r.workId = w.id AND r.released = false
    RETURN r {.resource, .nodeId, expiresAt: toString(r.expiresAt), live: r.expiresAt > datetime()} AS lease ORDER BY lease.resource
  },
  agents: COLLECT { MATCH (a:Agent)-[:WORKS_ON]->(w) RETURN a {.id, .actions, .rejections, lastSeenAt: toString(a.lastSeenAt)} AS agent ORDER BY agent.id }
} AS work
