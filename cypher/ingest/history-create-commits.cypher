// ingest/history-create-commits.cypher — writes commits new to the window and links each to the File nodes of the paths it changed that exist now
// params: repoId: string, rows: list<{props: map (Commit properties, files: the distinct changed paths)}>   returns: written: number, linked: number
UNWIND $rows AS row
MERGE (c:Commit {id: row.props.id})
SET c = row.props
WITH c
CALL (c) {
  UNWIND c.files AS path
  MATCH (f:File {repoId: $repoId, path: path})
  MERGE (c)-[:CHANGED]->(f)
  RETURN count(*) AS linked
}
RETURN count(c) AS written, sum(linked) AS linked
