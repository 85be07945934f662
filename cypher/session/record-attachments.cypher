// session/record-attachments.cypher — records a work's attachments (inbox files and agent attachments) as Attachment nodes of the Work
// params: repoId: string, workId: string, rows: list<{id, artifactId, type, source, ref, caption, sha256, bytes, status}>   returns: recorded: Integer
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
UNWIND $rows AS row
MERGE (a:Attachment {id: row.id})
SET a += row, a.repoId = $repoId, a.workId = $workId
MERGE (w)-[:HAS_ATTACHMENT]->(a)
RETURN count(a) AS recorded
