// pack/list-pack-files.cypher — the repo-relative paths a pack includes (the read verbs' scope)
// params: packId: string, repoId: string   returns: path
MATCH (p:ContextPack {id: $packId})-[:INCLUDES]->(f:File)
WHERE p.repoId = $repoId
RETURN DISTINCT f.path AS path
ORDER BY path
