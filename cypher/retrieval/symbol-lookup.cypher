// retrieval/symbol-lookup.cypher — symbol lane: exact/prefix symbol names, selectors and contract tags, route paths, file paths and grid fields or column headers (every branch index-driven; an empty term list costs nothing)
// params: repoId: string, lookup: {nameQuery: string (escaped terms and prefixes, '' = none), names: list<string> (lowercase), selectors, routePaths, routeQuery: string (escaped segment terms, '' = none), routeShapes: list<list<string>>, filePaths, fileQuery: string (escaped name terms, '' = none), fileNames, fields: list<string>} (one map, so that every prompt shares one plan: a map's contents do not key it), limit: Integer   returns: id, labels, name, path, line, symbolKind, snapshotId, match, term, grade
CALL () {
  WITH $lookup.nameQuery AS q WHERE q <> ''
  CALL db.index.fulltext.queryNodes('ft_symbol_name', q, {limit: 2000}) YIELD node
  WITH node, toLower(node.name) AS lname WHERE node.repoId = $repoId
  WITH node, [t IN $lookup.names WHERE lname = t] AS exact, [t IN $lookup.names WHERE size(t) >= 3 AND lname STARTS WITH t AND lname <> t] AS prefix
  WHERE size(exact) > 0 OR size(prefix) > 0
  RETURN node, CASE WHEN size(exact) > 0 THEN 'exact name' ELSE 'name prefix' END AS match,
    coalesce(head(exact), head(prefix)) AS term, CASE WHEN size(exact) > 0 THEN 1.0 ELSE 0.6 END AS grade
  ORDER BY grade DESC, node.id LIMIT $limit
  UNION ALL
  UNWIND $lookup.selectors AS selector
  MATCH (node:Component {selector: selector}) WHERE node.repoId = $repoId
  RETURN node, 'exact selector' AS match, selector AS term, 1.0 AS grade ORDER BY node.id LIMIT $limit
  UNION ALL
  UNWIND $lookup.selectors AS selector
  MATCH (node:ContractComponent {tag: selector}) WHERE node.repoId = $repoId
  RETURN node, 'web-component contract' AS match, selector AS term, 1.0 AS grade ORDER BY node.id LIMIT $limit
  UNION ALL
  UNWIND $lookup.selectors AS selector
  MATCH (node:Usage {tag: selector}) WHERE node.repoId = $repoId
  RETURN node, 'tag used in template' AS match, selector AS term, 0.5 AS grade ORDER BY node.id LIMIT $limit
  UNION ALL
  UNWIND $lookup.routePaths AS routePath
  MATCH (node:Route {fullPath: routePath}) WHERE node.repoId = $repoId
  RETURN node, 'exact route path' AS match, routePath AS term, 1.0 AS grade ORDER BY node.id LIMIT $limit
  UNION ALL
  WITH $lookup.routeQuery AS q WHERE q <> ''
  CALL db.index.fulltext.queryNodes('ft_route_path', q, {limit: 2000}) YIELD node
  WITH node WHERE node.repoId = $repoId AND NOT node.fullPath IN $lookup.routePaths
    AND [s IN split(node.fullPath, '/') | CASE WHEN s STARTS WITH ':' THEN ':' ELSE s END] IN $lookup.routeShapes
  RETURN node, 'route path shape' AS match, node.fullPath AS term, 0.9 AS grade ORDER BY node.id LIMIT $limit
  UNION ALL
  UNWIND $lookup.filePaths AS filePath
  MATCH (node:File {repoId: $repoId, path: filePath})
  RETURN node, 'exact file path' AS match, filePath AS term, 1.0 AS grade ORDER BY node.id LIMIT $limit
  UNION ALL
  WITH $lookup.fileQuery AS q WHERE q <> ''
  CALL db.index.fulltext.queryNodes('ft_file_path', q, {limit: 2000}) YIELD node
  WITH node WHERE node.repoId = $repoId AND NOT node.path IN $lookup.filePaths
    AND (node.name IN $lookup.fileNames OR any(p IN $lookup.filePaths WHERE node.path ENDS WITH '/' + p))
  RETURN node, 'file name' AS match, node.path AS term, 0.8 AS grade ORDER BY node.id LIMIT $limit
  UNION ALL
  UNWIND $lookup.fields AS field
  MATCH (node:ColumnDef {field: field}) WHERE node.repoId = $repoId
  RETURN node, 'grid column field' AS match, field AS term, 0.7 AS grade ORDER BY node.id LIMIT $limit
  UNION ALL
  // users name a column by the header they see ("the Customer column"), not by its field
  WITH [f IN $lookup.fields | toLower(f)] AS wanted WHERE size(wanted) > 0
  MATCH (node:ColumnDef) WHERE node.repoId = $repoId AND toLower(node.headerName) IN wanted AND NOT node.field IN $lookup.fields
  RETURN node, 'grid column header' AS match, toLower(node.headerName) AS term, 0.7 AS grade ORDER BY node.id LIMIT $limit
}
RETURN node.id AS id, labels(node) AS labels, coalesce(node.name, node.tag, node.fullPath, node.field, node.path) AS name,
  coalesce(node.path, node.ownerFile) AS path, node.startLine AS line, CASE WHEN node:Symbol THEN node.kind END AS symbolKind,
  node.snapshotId AS snapshotId, match, term, grade
ORDER BY grade DESC, id
