// graph/record-query-shapes.cypher — notes query shapes a process ran (name and parameter types, no data), so a server start can re-plan them (src/graph/query-shapes.ts)
// params: shapes: list<{key: string, name: string, params: string}>, at: string (ISO)   returns: nothing
UNWIND $shapes AS s
MERGE (q:QueryShape {key: s.key})
  ON CREATE SET q.name = s.name, q.params = s.params, q.firstSeenAt = datetime($at)
