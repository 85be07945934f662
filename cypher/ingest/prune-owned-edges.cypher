// ingest/prune-owned-edges.cypher — after a file's facts and references were merged again, deletes the relationships the file owns that this run did not write (unchanged ones were matched by MERGE and stay, so a concurrent reader never misses them)
// params: repoId: string, files: list<{path: string, keep: list<string>}> (keep: 'TYPE\u001ffromId\u001ftoId' of every relationship written for the file)   returns: deleted: number
UNWIND $files AS f
MATCH (n:Fact {repoId: $repoId, ownerFile: f.path})-[r]-()
WHERE r.ownerFile = f.path AND NOT (type(r) + '\u001f' + startNode(r).id + '\u001f' + endNode(r).id) IN f.keep
WITH DISTINCT r
DELETE r
RETURN count(r) AS deleted
