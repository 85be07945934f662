// ingest/delete-nodes.cypher — removes fact nodes by id with all their relationships (stale facts of changed or deleted files)
// params: ids: list<string>   returns: deleted: number
UNWIND $ids AS id
MATCH (n:Fact {id: id})
DETACH DELETE n
RETURN count(*) AS deleted
