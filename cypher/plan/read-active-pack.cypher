// plan/read-active-pack.cypher — the work's active context pack (its latest USES_PACK), the snapshot it stands for and the folders its files live in
// params: repoId: string, workId: string   returns: id, ref, hash, repoSnapshotId: string|null, strategyId: string|null, folders: list<string>
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
MATCH (w)-[:USES_PACK]->(p:ContextPack)
WITH p ORDER BY p.createdAt DESC LIMIT 1
OPTIONAL MATCH (r:Repo {repoId: $repoId})
CALL (p) {
  OPTIONAL MATCH (p)-[:INCLUDES]->(f:File)
  WITH f.path AS path, last(split(f.path, '/')) AS name
  RETURN collect(DISTINCT CASE WHEN path = name THEN '' ELSE substring(path, 0, size(path) - size(name) - 1) END) AS folders
}
RETURN p.id AS id, p.ref AS ref, p.hash AS hash, coalesce(p.repoSnapshotId, p.snapshotId, r.snapshotId) AS repoSnapshotId, p.strategyId AS strategyId, folders
