// pack/trace-neighbours.cypher — one-hop graph neighbours of a symbol (by name) or a file (by path), kept inside the pack's files
// params: packId, repoId, symbol: string|null, path: string|null, relTypes: list<string>, limit: Integer   returns: from, rel, direction, node
MATCH (p:ContextPack {id: $packId})-[:INCLUDES]->(pf:File)
WHERE p.repoId = $repoId
WITH collect(DISTINCT pf.path) AS paths
CALL (paths) {
  MATCH (start:Symbol {name: $symbol})
  WHERE start.repoId = $repoId AND coalesce(start.path, start.ownerFile) IN paths
  RETURN start
  UNION
  MATCH (start:File {repoId: $repoId, path: $path})
  WHERE start.path IN paths
  RETURN start
}
MATCH (start)-[r]-(n)
WHERE type(r) IN $relTypes AND n.repoId = $repoId AND coalesce(n.path, n.ownerFile) IN paths
RETURN DISTINCT
  start {.id, .name, .path, kind: coalesce(start.kind, 'file')} AS from,
  type(r) AS rel,
  CASE WHEN startNode(r) = start THEN 'out' ELSE 'in' END AS direction,
  n {.id, .name, .path, .kind, .startLine, .endLine, labels: [l IN labels(n) WHERE l <> 'Fact']} AS node
ORDER BY rel, node.path, node.name
LIMIT $limit
