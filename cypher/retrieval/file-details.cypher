// retrieval/file-details.cypher — facts about candidate files the reranker and the pack need: hash, size, snapshot, import in-degree (hub penalty), tag families, grids, federation and the top-level symbols they define
// params: repoId: string, paths: list<string>, maxSymbols: Integer   returns: path, sha256, bytes, snapshotId, inDegree, adpUsages, sdfUsages, adpTags, gridTables, federation, symbols: list<{id, name, kind, line}>
UNWIND $paths AS path
MATCH (f:File {repoId: $repoId, path: path})
RETURN f.path AS path, f.sha256 AS sha256, f.size AS bytes, f.snapshotId AS snapshotId,
  COUNT { (:File)-[:IMPORTS]->(f) } AS inDegree,
  COUNT { (f)-[:HAS_USAGE]->(u:Usage) WHERE u.family = 'adp' } AS adpUsages,
  COUNT { (f)-[:HAS_USAGE]->(u:Usage) WHERE u.family = 'sdf' } AS sdfUsages,
  COLLECT { MATCH (f)-[:HAS_USAGE]->(u:Usage) WHERE u.family = 'adp' RETURN DISTINCT u.tag ORDER BY u.tag LIMIT 50 } AS adpTags,
  COUNT { MATCH (g:GridTable) WHERE g.repoId = $repoId AND (g.path = f.path OR g.ownerFile = f.path) } AS gridTables,
  EXISTS { MATCH (x:RemoteExpose|FederationRemote) WHERE x.repoId = $repoId AND (x.path = f.path OR x.targetPath = f.path) }
    OR EXISTS { MATCH (:Route {repoId: $repoId, ownerFile: f.path})-[:LOADS_REMOTE]->() } AS federation,
  COLLECT {
    MATCH (f)-[:DEFINES]->(s:Symbol) WHERE s.owner IS NULL
    RETURN {id: s.id, name: s.name, kind: s.kind, line: s.startLine, endLine: s.endLine} AS symbol ORDER BY symbol.line, symbol.id LIMIT $maxSymbols
  } AS symbols
ORDER BY path
