// ingest/prune-anchors.cypher — deletes domain anchors (other than the root) with no file left in them or below them
// params: repoId: string   returns: deleted: number
MATCH (a:DomainAnchor)
WHERE a.repoId = $repoId AND a.path <> '.'
  AND NOT EXISTS { (a)-[:CONTAINS*0..12]->(:DomainAnchor)<-[:IN_ANCHOR]-(:File) }
DETACH DELETE a
RETURN count(*) AS deleted
