// ingest/delete-repo-records.cypher — deletes a repo's bookkeeping and policy-plane nodes (Repo, Snapshot, lock, policy records, imported memories)
// params: repoId: string   returns: deleted: number
CALL () {
  MATCH (n:Repo|Snapshot|IngestLock|PolicyRecord) WHERE n.repoId = $repoId RETURN n
  UNION
  MATCH (n:Memory) WHERE n.repoId = $repoId RETURN n
}
DETACH DELETE n
RETURN count(*) AS deleted
