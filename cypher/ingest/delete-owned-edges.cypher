// ingest/delete-owned-edges.cypher — deletes the relationships owned by some files, found through the nodes those files own (refs' edges included when they touch them)
// params: repoId: string, paths: list<string>   returns: deleted: number
UNWIND $paths AS path
MATCH (n:Fact {repoId: $repoId, ownerFile: path})-[r]-()
WHERE r.ownerFile = path
WITH DISTINCT r
DELETE r
RETURN count(r) AS deleted
