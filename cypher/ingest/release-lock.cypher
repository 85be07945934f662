// ingest/release-lock.cypher — frees the repo's ingest lock when this owner holds it
// params: repoId: string, owner: string   returns: released: number
MATCH (l:IngestLock {id: $repoId + ':ingest-lock'})
WHERE l.owner = $owner
DELETE l
RETURN count(*) AS released
