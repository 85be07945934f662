// execution/overlay-delete.cypher — deletes a work's overlay: its facts, persisted references and ingest bookkeeping (one transaction; an overlay holds only the files the work changed)
// params: overlayRepoId: string   returns: deleted: number
CALL () {
  MATCH (n:Fact) WHERE n.repoId = $overlayRepoId AND n.ownerFile IS NOT NULL RETURN n
  UNION
  MATCH (n:Ref) WHERE n.repoId = $overlayRepoId RETURN n
  UNION
  MATCH (n:Repo|Snapshot|IngestLock) WHERE n.repoId = $overlayRepoId RETURN n
}
DETACH DELETE n
RETURN count(*) AS deleted
