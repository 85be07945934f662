// graph/read-query-shapes.cypher — the query shapes to re-plan after a server start, oldest first (the first ingest and turns come first)
// params: limit: Integer   returns: name: string, params: string
MATCH (q:QueryShape)
RETURN q.name AS name, q.params AS params
ORDER BY q.firstSeenAt, q.key
LIMIT $limit
