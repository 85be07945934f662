// retrieval/artifact-endpoints.cypher — artifact lane: OpenAPI endpoints an API reference names (path shape, with or without the base path), their spec and the code that calls them
// params: repoId: string, shapes: list<list<string>> (lowercase segments, parameters as '{}'), limit: Integer   returns: id, labels, name, path, line, snapshotId, match, term, grade
MATCH (e:Endpoint)
WHERE e.repoId = $repoId AND size($shapes) > 0
WITH e,
  [s IN split(e.path, '/') | CASE WHEN s STARTS WITH '{' OR s STARTS WITH ':' THEN '{}' ELSE toLower(s) END] AS own,
  [s IN split(coalesce(e.fullPath, e.path), '/') | CASE WHEN s STARTS WITH '{' OR s STARTS WITH ':' THEN '{}' ELSE toLower(s) END] AS full
WITH e, full, [x IN $shapes WHERE x = full OR x = own OR (size(own) > 2 AND size(x) > size(own) AND x[size(x) - size(own)..] = own)] AS hits
WHERE size(hits) > 0
WITH e, CASE WHEN full IN hits THEN 1.0 ELSE 0.85 END AS epGrade
ORDER BY epGrade DESC, e.id
LIMIT $limit
CALL (e, epGrade) {
  RETURN e AS node, e.method + ' ' + coalesce(e.fullPath, e.path) AS name, e.ownerFile AS path, 'OpenAPI endpoint' AS match, epGrade AS grade
  UNION ALL
  MATCH (m:Symbol)-[:CALLS_ENDPOINT]->(e)
  RETURN m AS node, m.name AS name, m.path AS path, 'calls the endpoint' AS match, epGrade * 0.8 AS grade
}
RETURN node.id AS id, labels(node) AS labels, name, path, node.startLine AS line, CASE WHEN node:Symbol THEN node.kind END AS symbolKind,
  node.snapshotId AS snapshotId, match, e.method + ' ' + coalesce(e.fullPath, e.path) AS term, grade
ORDER BY grade DESC, id
