// bench/count-repo-graph.cypher — how many nodes and outgoing relationships a repo's facts have (the write floor writes as many)
// params: repoId: string   returns: nodes: number, relationships: number
MATCH (n:Fact)
WHERE n.repoId = $repoId
RETURN count(n) AS nodes, sum(COUNT { (n)-->() }) AS relationships
