// pack/create-pack.cypher — records a context pack for a work: INCLUDES its File (and Symbol) facts, keeps the memories in force of the pack it supersedes (only the files change), becomes the work's current pack
// params: packId, repoId, workId, ref, hash, paths: list<string>, symbolIds: list<string>   returns: fileCount, symbolCount, missing: list<string>
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
OPTIONAL MATCH (w)-[old:USES_PACK]->(prev:ContextPack)
WITH w, collect(old) AS olds, collect(prev) AS prevs
CREATE (p:ContextPack {id: $packId, repoId: $repoId, workId: $workId, ref: $ref, hash: $hash, memoryIds: coalesce(head(prevs).memoryIds, []), createdAt: datetime()})
CREATE (w)-[:USES_PACK]->(p)
FOREACH (x IN prevs | CREATE (p)-[:SUPERSEDES]->(x))
FOREACH (o IN olds | DELETE o)
WITH p
CALL (p) {
  UNWIND $paths AS path
  OPTIONAL MATCH (f:File {repoId: $repoId, path: path})
  WITH p, path, head(collect(f)) AS f
  FOREACH (_ IN CASE WHEN f IS NULL THEN [] ELSE [1] END | MERGE (p)-[:INCLUDES]->(f))
  RETURN count(f) AS fileCount, collect(CASE WHEN f IS NULL THEN path END) AS missing
}
CALL (p) {
  UNWIND $symbolIds AS symbolId
  MATCH (s:Symbol {id: symbolId})
  WHERE s.repoId = $repoId
  MERGE (p)-[:INCLUDES]->(s)
  RETURN count(s) AS symbolCount
}
SET p.fileCount = fileCount, p.symbolCount = symbolCount
RETURN fileCount, symbolCount, missing
