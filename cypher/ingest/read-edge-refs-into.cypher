// ingest/read-edge-refs-into.cypher — resolved edge-only references (an `id` reference from a node of its own file, kept as its edge alone) that point at some nodes
// params: repoId: string, ids: list<string>   returns: id: string, ownerFile: string, relType: string, fromId: string, toId: string, snapshotId: string, props: map
UNWIND $ids AS id
MATCH (b:Fact {id: id})<-[r]-(a:Fact)
WHERE r.refId IS NOT NULL AND r.repoId = $repoId
  AND NOT EXISTS { MATCH (:Fact {id: r.refId}) }
RETURN r.refId AS id, r.ownerFile AS ownerFile, type(r) AS relType, a.id AS fromId, b.id AS toId, a.snapshotId AS snapshotId, properties(r) AS props
