// ingest/find-refs-by-key.cypher — the persisted references of a repo whose lookup key is one of the given keys (to re-resolve them)
// params: repoId: string, keys: list<string>   returns: ref: map
UNWIND $keys AS key
MATCH (r:Ref {repoId: $repoId, key: key})
RETURN r {.id, .ownerFile, .relType, .fromId, .kind, .key, .target, .propsJson, .edgeOnly} AS ref
