// ingest/find-refs-by-attr-key.cypher — persisted element-occurrence references with one of the given attribute keys (`selector:[attr]`), to re-resolve them when a directive with that attribute changes
// params: repoId: string, keys: list<string>   returns: ref: map
MATCH (r:Ref {repoId: $repoId})
WHERE r.attrKeys IS NOT NULL AND any(k IN r.attrKeys WHERE k IN $keys)
RETURN r {.id, .ownerFile, .relType, .fromId, .kind, .key, .target, .propsJson, .edgeOnly} AS ref
