// ingest/find-refs-by-from.cypher — the persisted references starting at one of the given (deleted or recreated) nodes
// params: repoId: string, ids: list<string>   returns: ref: map
UNWIND $ids AS fromId
MATCH (r:Ref {repoId: $repoId, fromId: fromId})
RETURN r {.id, .ownerFile, .relType, .fromId, .kind, .key, .target, .propsJson, .edgeOnly} AS ref
