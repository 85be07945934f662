// pack/record-pack.cypher — records an assembled pack version for a work: the ContextPack node (hash, version, snapshot, outcome, the memories in force, its proof chains as bounded JSON) INCLUDES its File facts (each edge with the file's rank, score, lanes and reasons) and Symbol facts, SUPERSEDES the work's previous pack and becomes current; refused (applied = false) when the current pack is not the one it supersedes
// params: packId, repoId, workId, ref, hash, version: Integer, repoSnapshotId, outcome, strategyId, supersedes: string|null, files: list<{path, rank: Integer|null, score: float|null, reasons: list<string>, lanes: list<string>}>, symbolIds: list<string>, memoryIds: list<string> (memories in force in the pack), proofChainsJson: string|null   returns: applied: boolean, currentPackId: string|null, fileCount, symbolCount
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
OPTIONAL MATCH (w)-[old:USES_PACK]->(prev:ContextPack)
WITH w, collect(old) AS olds, collect(prev) AS prevs
WITH w, olds, prevs, [p IN prevs | p.id] AS prevIds
WITH w, olds, prevs, prevIds, (($supersedes IS NULL AND size(prevIds) = 0) OR ($supersedes IS NOT NULL AND prevIds = [$supersedes])) AS applied
OPTIONAL CALL (w, olds, prevs, applied) {
  WITH * WHERE applied
  CREATE (p:ContextPack {id: $packId, repoId: $repoId, workId: $workId, ref: $ref, hash: $hash, version: $version, repoSnapshotId: $repoSnapshotId,
    outcome: $outcome, strategyId: $strategyId, memoryIds: $memoryIds, proofChainsJson: $proofChainsJson, createdAt: datetime()})
  CREATE (w)-[:USES_PACK]->(p)
  FOREACH (x IN prevs | CREATE (p)-[:SUPERSEDES]->(x))
  FOREACH (o IN olds | DELETE o)
  WITH p
  CALL (p) {
    UNWIND $files AS file
    MATCH (f:File {repoId: $repoId, path: file.path})
    CREATE (p)-[:INCLUDES {rank: file.rank, score: file.score, reasons: file.reasons, lanes: file.lanes}]->(f)
    RETURN count(DISTINCT f) AS fileCount
  }
  CALL (p) {
    UNWIND $symbolIds AS symbolId
    MATCH (s:Symbol {id: symbolId})
    WHERE s.repoId = $repoId
    CREATE (p)-[:INCLUDES]->(s)
    RETURN count(DISTINCT s) AS symbolCount
  }
  SET p.fileCount = fileCount, p.symbolCount = symbolCount
  RETURN fileCount, symbolCount
}
RETURN applied, CASE WHEN applied THEN $packId ELSE head(prevIds) END AS currentPackId, fileCount, symbolCount
