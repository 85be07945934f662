// proof-chains/find-chain-starts.cypher — the nodes a proof-chain request may start from: a fact id, a component or grid name, or a route's full path
// params: repoId: string, from: string   returns: id: string, labels: list<string>
CALL () {
  MATCH (n:Fact {id: $from}) RETURN n
  UNION
  MATCH (n:Symbol {name: $from}) WHERE n:Component RETURN n
  UNION
  MATCH (n:GridTable {name: $from}) RETURN n
  UNION
  MATCH (n:Route {fullPath: $from}) RETURN n
}
WITH n WHERE n.repoId = $repoId
RETURN n.id AS id, labels(n) AS labels
ORDER BY id
LIMIT 20
