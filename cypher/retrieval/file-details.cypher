// retrieval/file-details.cypher — facts about candidate files the reranker and the pack need: hash, size, snapshot, import in-degree (hub penalty), tag families, grids, federation and the top-level symbols they define
// params: repoId: string, files: {paths: list<string>} (one map: a map's contents do not key the plan, so every list size shares one), maxSymbols: Integer   returns: path, sha256, bytes, snapshotId, inDegree, adpUsages, sdfUsages, adpTags, gridTables, federation, symbols: list<{id, name, kind, line, endLine}>
UNWIND $files.paths AS path
MATCH (f:File {repoId: $repoId, path: path})
CALL (f) {
  OPTIONAL MATCH (f)-[:HAS_USAGE]->(u:Usage)
  RETURN count(CASE WHEN u.family = 'adp' THEN 1 END) AS adpUsages, count(CASE WHEN u.family = 'sdf' THEN 1 END) AS sdfUsages,
    [t IN collect(DISTINCT CASE WHEN u.family = 'adp' THEN u.tag END) WHERE t IS NOT NULL][..50] AS adpTags,
    count(CASE WHEN u.tag = 'ag-grid-angular' THEN 1 END) AS gridUsages
}
// facts the file's own extraction produced (grids declared in a component, remotes, exposes, remote routes)
CALL (f) {
  OPTIONAL MATCH (x:Fact {repoId: $repoId, ownerFile: f.path})
  WHERE x:GridTable OR x:RemoteExpose OR x:FederationRemote OR (x:Route AND EXISTS { (x)-[:LOADS_REMOTE]->() })
  RETURN count(CASE WHEN x:GridTable THEN 1 END) AS ownGrids, count(CASE WHEN x IS NOT NULL AND NOT x:GridTable THEN 1 END) AS federationFacts
}
RETURN f.path AS path, f.sha256 AS sha256, f.size AS bytes, f.snapshotId AS snapshotId,
  COUNT { (:File)-[:IMPORTS]->(f) } AS inDegree, adpUsages, sdfUsages, adpTags,
  CASE WHEN ownGrids > gridUsages THEN ownGrids ELSE gridUsages END AS gridTables,
  federationFacts > 0 OR EXISTS { (f)<-[:EXPOSES]-(:RemoteExpose) } AS federation,
  COLLECT {
    MATCH (f)-[:DEFINES]->(s:Symbol) WHERE s.owner IS NULL
    RETURN {id: s.id, name: s.name, kind: s.kind, line: s.startLine, endLine: s.endLine} AS symbol ORDER BY symbol.line, symbol.id LIMIT $maxSymbols
  } AS symbols
ORDER BY path
