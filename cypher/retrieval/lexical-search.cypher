// retrieval/lexical-search.cypher — lexical lane: one escaped Lucene query over the five full-text indexes, each hit weighted by its index
// params: repoId: string, search: {query: string (from buildLuceneQuery)} (one map: a map's contents do not key the plan, so every prompt shares one), scan: Integer (best index hits read, all repositories), perIndex: Integer (kept for this repository), weights: {file, symbol, template, route, endpoint: float}   returns: id, labels, name, path, line, symbolKind, bytes, snapshotId, index, score
CALL () {
  CALL db.index.fulltext.queryNodes('ft_file_path', $search.query, {limit: $scan}) YIELD node, score
  WITH node, score WHERE node.repoId = $repoId
  RETURN node, score * $weights.file AS score, 'ft_file_path' AS index
  ORDER BY score DESC, node.id LIMIT $perIndex
  UNION ALL
  CALL db.index.fulltext.queryNodes('ft_symbol_name', $search.query, {limit: $scan}) YIELD node, score
  WITH node, score WHERE node.repoId = $repoId
  RETURN node, score * $weights.symbol AS score, 'ft_symbol_name' AS index
  ORDER BY score DESC, node.id LIMIT $perIndex
  UNION ALL
  CALL db.index.fulltext.queryNodes('ft_template_tag', $search.query, {limit: $scan}) YIELD node, score
  WITH node, score WHERE node.repoId = $repoId
  RETURN node, score * $weights.template AS score, 'ft_template_tag' AS index
  ORDER BY score DESC, node.id LIMIT $perIndex
  UNION ALL
  CALL db.index.fulltext.queryNodes('ft_route_path', $search.query, {limit: $scan}) YIELD node, score
  WITH node, score WHERE node.repoId = $repoId
  RETURN node, score * $weights.route AS score, 'ft_route_path' AS index
  ORDER BY score DESC, node.id LIMIT $perIndex
  UNION ALL
  CALL db.index.fulltext.queryNodes('ft_endpoint_path', $search.query, {limit: $scan}) YIELD node, score
  WITH node, score WHERE node.repoId = $repoId
  RETURN node, score * $weights.endpoint AS score, 'ft_endpoint_path' AS index
  ORDER BY score DESC, node.id LIMIT $perIndex
}
RETURN node.id AS id, labels(node) AS labels,
  coalesce(node.name, node.tag, node.fullPath, node.path) AS name,
  CASE WHEN node:Endpoint THEN node.ownerFile ELSE coalesce(node.path, node.ownerFile) END AS path,
  node.startLine AS line, CASE WHEN node:Symbol THEN node.kind END AS symbolKind, CASE WHEN node:File THEN node.size END AS bytes,
  node.snapshotId AS snapshotId, index, score
ORDER BY score DESC, id
