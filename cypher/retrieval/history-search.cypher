// retrieval/history-search.cypher — history lane: this repo's commits whose message matches the prompt (full-text, top $limit) or that carry one of its ticket keys, each with its recency rank and the existing files it changed
// params: repoId: string, search: {query: string (from commitQuery: +ftRepo:<key>^0 +(words); '' = no text search), tickets: list<string>} (one map: a map's contents do not key the plan, so every prompt shares one), scan: Integer (best hits read before big commits are skipped), limit: Integer (commits kept per kind), maxFiles: Integer (commits touching more files are skipped)   returns: sha, subject, body, score, ticket, tickets (the prompt's keys it carries), fileCount, rank, files: list<{id, path}>
CALL () {
  WITH 1 AS go WHERE $search.query <> ''
  CALL db.index.fulltext.queryNodes('ft_commit_message', $search.query, {limit: $scan}) YIELD node, score
  WITH node AS c, score WHERE c.repoId = $repoId AND c.fileCount <= $maxFiles
  RETURN c, score, false AS ticket
  ORDER BY score DESC, c.time DESC, c.sha LIMIT $limit
  UNION ALL
  WITH 1 AS go WHERE size($search.tickets) > 0
  MATCH (c:Commit)
  WHERE c.repoId = $repoId AND c.time IS NOT NULL AND c.fileCount <= $maxFiles AND any(t IN c.tickets WHERE t IN $search.tickets)
  RETURN c, 0.0 AS score, true AS ticket
  ORDER BY c.time DESC, c.sha LIMIT $limit
}
WITH c, max(score) AS score, any(t IN collect(ticket) WHERE t) AS ticket
RETURN c.sha AS sha, c.subject AS subject, coalesce(c.body, '') AS body, score, ticket,
  [t IN coalesce(c.tickets, []) WHERE t IN $search.tickets] AS tickets, c.fileCount AS fileCount,
  COUNT { MATCH (o:Commit) WHERE o.repoId = $repoId AND o.time > c.time } AS rank,
  [(c)-[:CHANGED]->(f:File) | {id: f.id, path: f.path}] AS files
ORDER BY ticket DESC, score DESC, sha
