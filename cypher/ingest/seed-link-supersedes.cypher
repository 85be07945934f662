// ingest/seed-link-supersedes.cypher — chains the versions of each given record (newer SUPERSEDES older) and marks only the newest current
// params: repoId: string, recordIds: list<string>   returns: recordId: string, versions: number, superseded: number
UNWIND $recordIds AS recordId
MATCH (n:PolicyRecord {repoId: $repoId, recordId: recordId})
WITH recordId, n ORDER BY n.version
WITH recordId, collect(n) AS versions
CALL (versions) {
  UNWIND range(0, size(versions) - 2) AS i
  WITH versions[i + 1] AS newer, versions[i] AS older
  MERGE (newer)-[:SUPERSEDES]->(older)
  SET older.current = false, older.supersededBy = newer.id
  RETURN count(*) AS superseded
}
WITH recordId, versions, superseded, versions[size(versions) - 1] AS newest
SET newest.current = true, newest.supersededBy = null
RETURN recordId, size(versions) AS versions, superseded
