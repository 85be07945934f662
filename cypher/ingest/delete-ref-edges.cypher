// ingest/delete-ref-edges.cypher — deletes the relationships materialised from the references owned by some files
// params: repoId: string, paths: list<string>   returns: deleted: number
UNWIND $paths AS path
MATCH (ref:Fact {repoId: $repoId, ownerFile: path})
WHERE ref:Ref
MATCH (a:Fact {id: ref.fromId})-[r]->()
WHERE r.refId = ref.id
WITH DISTINCT r
DELETE r
RETURN count(r) AS deleted
