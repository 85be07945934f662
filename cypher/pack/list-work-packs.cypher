// pack/list-work-packs.cypher — a work's pack versions, newest first: the current pack (USES_PACK) and every version it SUPERSEDES (a linear chain, bounded by $maxVersions), with hash, file and symbol counts
// params: workId: string, maxVersions: Integer   returns: workId, repoId, id, version, hash, ref, outcome, strategyId, repoSnapshotId, createdAt, fileCount, symbolCount, supersedes: string|null, current: boolean
MATCH (w:Work {id: $workId})
MATCH (w)-[:USES_PACK]->(cur:ContextPack)
MATCH (cur)-[:SUPERSEDES*0..100]->(p:ContextPack)
WITH DISTINCT w, cur, p
RETURN w.id AS workId, w.repoId AS repoId, p.id AS id, p.version AS version, p.hash AS hash, p.ref AS ref, p.outcome AS outcome,
  p.strategyId AS strategyId, p.repoSnapshotId AS repoSnapshotId, toString(p.createdAt) AS createdAt,
  coalesce(p.fileCount, COUNT { (p)-[:INCLUDES]->(:File) }) AS fileCount,
  coalesce(p.symbolCount, COUNT { (p)-[:INCLUDES]->(:Symbol) }) AS symbolCount,
  head([(p)-[:SUPERSEDES]->(x:ContextPack) | x.id]) AS supersedes,
  p = cur AS current
ORDER BY coalesce(version, 0) DESC, createdAt DESC, id
LIMIT $maxVersions
