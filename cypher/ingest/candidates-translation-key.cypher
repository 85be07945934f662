// ingest/candidates-translation-key.cypher — translation keys of a repo (every locale file) whose key or scoped key is one of the given keys
// params: repoId: string, keys: list<string>   returns: id: string, key: string
UNWIND $keys AS wanted
CALL (wanted) {
  MATCH (k:TranslationKey {repoId: $repoId, key: wanted}) RETURN k
  UNION
  MATCH (k:TranslationKey {repoId: $repoId, scopedKey: wanted}) RETURN k
}
RETURN k.id AS id, wanted AS key
