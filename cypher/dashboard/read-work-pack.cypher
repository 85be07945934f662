// dashboard/read-work-pack.cypher — a work's current context pack: its header, its best files (rank, score, lanes, reasons from the INCLUDES edges; unranked files after, by path) and its proof chains (bounded JSON written with the pack)
// params: repoId: string, workId: string, fileLimit: Integer   returns: pack: map {id, version, hash, ref, outcome, strategyId, fileCount, symbolCount, createdAt, files: list<{path, rank, score, lanes, reasons}>, proofChainsJson: string|null}
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
MATCH (w)-[:USES_PACK]->(p:ContextPack)
WITH p ORDER BY p.createdAt DESC LIMIT 1
RETURN p {
  .id, .version, .hash, .ref, .outcome, .strategyId, .proofChainsJson,
  fileCount: coalesce(p.fileCount, COUNT { (p)-[:INCLUDES]->(:File) }),
  symbolCount: coalesce(p.symbolCount, COUNT { (p)-[:INCLUDES]->(:Symbol) }),
  createdAt: toString(p.createdAt),
  files: COLLECT {
    MATCH (p)-[i:INCLUDES]->(f:File)
    RETURN {path: f.path, rank: i.rank, score: i.score, lanes: coalesce(i.lanes, []), reasons: coalesce(i.reasons, [])} AS file
    ORDER BY coalesce(file.rank, 1000000000), file.path
    LIMIT $fileLimit
  }
} AS pack
