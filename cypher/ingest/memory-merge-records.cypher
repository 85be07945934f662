// ingest/memory-merge-records.cypher — imports memory records from .ai/memory files; an existing record changes only when the file's copy is newer
// params: rows: list<{id: string, props: map}>   returns: id: string, written: boolean
UNWIND $rows AS row
MERGE (m:Memory {id: row.id})
ON CREATE SET m._new = true
WITH m, row, (coalesce(m._new, false) OR coalesce(m.updatedAt, '') < row.props.updatedAt) AS newer
FOREACH (_ IN CASE WHEN newer THEN [1] ELSE [] END | SET m = row.props)
REMOVE m._new
RETURN m.id AS id, newer AS written
