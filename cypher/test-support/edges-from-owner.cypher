// test-support/edges-from-owner.cypher — how many relationships of a type start at nodes one file owns (the polling reader of the atomic re-link test)
// params: repoId: string, path: string, type: string   returns: edges: int
MATCH (a:Fact {repoId: $repoId, ownerFile: $path})-[r]->()
WHERE type(r) = $type
RETURN count(r) AS edges
