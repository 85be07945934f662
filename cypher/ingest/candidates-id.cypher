// ingest/candidates-id.cypher — which of the given fact ids exist (targets of edges that cross file ownership)
// params: ids: list<string>   returns: id: string
UNWIND $ids AS id
MATCH (n:Fact {id: id})
RETURN n.id AS id
