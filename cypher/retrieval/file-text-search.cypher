// retrieval/file-text-search.cypher — content lanes: files of one repository ranked by BM25 over their text (ft_file_content or ft_file_fields)
// params: index: string ('ft_file_content' | 'ft_file_fields'), search: {query: string (repo-scoped, from repoScopedQuery)} (one map: a map's contents do not key the plan, so every prompt shares one), repoId: string, limit: Integer   returns: id, labels, name, path, line, symbolKind, bytes, snapshotId, score
CALL db.index.fulltext.queryNodes($index, $search.query, {limit: $limit}) YIELD node, score
WITH node, score WHERE node:File AND node.repoId = $repoId
RETURN node.id AS id, labels(node) AS labels, node.name AS name, node.path AS path, null AS line, null AS symbolKind,
  node.size AS bytes, node.snapshotId AS snapshotId, score
ORDER BY score DESC, path
