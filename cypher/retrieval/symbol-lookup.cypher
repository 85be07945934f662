// retrieval/symbol-lookup.cypher — symbol lane: exact/prefix symbol names, selectors and contract tags, route paths, file paths and grid fields
// params: repoId: string, nameQuery: string (escaped terms and prefixes, '' = none), names: list<string> (lowercase), selectors, routePaths, routeShapes: list<list<string>>, filePaths, fileNames, fields: list<string>, limit: Integer   returns: id, labels, name, path, line, symbolKind, snapshotId, match, term, grade
CALL () {
  WITH $nameQuery AS q WHERE q <> ''
  CALL db.index.fulltext.queryNodes('ft_symbol_name', q, {limit: 2000}) YIELD node
  WITH node, toLower(node.name) AS lname WHERE node.repoId = $repoId
  WITH node, [t IN $names WHERE lname = t] AS exact, [t IN $names WHERE size(t) >= 3 AND lname STARTS WITH t AND lname <> t] AS prefix
  WHERE size(exact) > 0 OR size(prefix) > 0
  RETURN node, CASE WHEN size(exact) > 0 THEN 'exact name' ELSE 'name prefix' END AS match,
    coalesce(head(exact), head(prefix)) AS term, CASE WHEN size(exact) > 0 THEN 1.0 ELSE 0.6 END AS grade
  ORDER BY grade DESC, node.id LIMIT $limit
  UNION ALL
  MATCH (node:Component) WHERE node.selector IN $selectors AND node.repoId = $repoId
  RETURN node, 'exact selector' AS match, node.selector AS term, 1.0 AS grade ORDER BY node.id LIMIT $limit
  UNION ALL
  MATCH (node:ContractComponent) WHERE node.tag IN $selectors AND node.repoId = $repoId
  RETURN node, 'web-component contract' AS match, node.tag AS term, 1.0 AS grade ORDER BY node.id LIMIT $limit
  UNION ALL
  MATCH (node:Usage) WHERE node.tag IN $selectors AND node.repoId = $repoId
  RETURN node, 'tag used in template' AS match, node.tag AS term, 0.5 AS grade ORDER BY node.id LIMIT $limit
  UNION ALL
  MATCH (node:Route) WHERE node.repoId = $repoId AND size($routeShapes) > 0
    AND (node.fullPath IN $routePaths OR [s IN split(node.fullPath, '/') | CASE WHEN s STARTS WITH ':' THEN ':' ELSE s END] IN $routeShapes)
  RETURN node, CASE WHEN node.fullPath IN $routePaths THEN 'exact route path' ELSE 'route path shape' END AS match, node.fullPath AS term,
    CASE WHEN node.fullPath IN $routePaths THEN 1.0 ELSE 0.9 END AS grade
  ORDER BY grade DESC, node.id LIMIT $limit
  UNION ALL
  MATCH (node:File) WHERE node.repoId = $repoId AND (size($filePaths) > 0 OR size($fileNames) > 0)
    AND (node.path IN $filePaths OR node.name IN $fileNames OR any(p IN $filePaths WHERE node.path ENDS WITH '/' + p))
  RETURN node, CASE WHEN node.path IN $filePaths THEN 'exact file path' ELSE 'file name' END AS match, node.path AS term,
    CASE WHEN node.path IN $filePaths THEN 1.0 ELSE 0.8 END AS grade
  ORDER BY grade DESC, node.id LIMIT $limit
  UNION ALL
  MATCH (node:ColumnDef) WHERE node.repoId = $repoId AND node.field IN $fields
  RETURN node, 'grid column field' AS match, node.field AS term, 0.7 AS grade ORDER BY node.id LIMIT $limit
}
RETURN node.id AS id, labels(node) AS labels, coalesce(node.name, node.tag, node.fullPath, node.field, node.path) AS name,
  coalesce(node.path, node.ownerFile) AS path, node.startLine AS line, CASE WHEN node:Symbol THEN node.kind END AS symbolKind,
  node.snapshotId AS snapshotId, match, term, grade
ORDER BY grade DESC, id
