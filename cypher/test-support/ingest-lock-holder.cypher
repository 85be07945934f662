// test-support/ingest-lock-holder.cypher — the ingest lock node of a test namespace, if any
// params: repoId: string   returns: owner: string, expiresAt: number
MATCH (l:IngestLock {repoId: $repoId})
RETURN l.owner AS owner, l.expiresAt AS expiresAt
