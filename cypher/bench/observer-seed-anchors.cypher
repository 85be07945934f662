// bench/observer-seed-anchors.cypher — the domain anchors the observer benchmark's friction points at (the rejection heatmap shows their folder paths)
// params: repoId: string, anchors: list<map {id, path}>   returns: anchors: integer
UNWIND $anchors AS row
CREATE (a:DomainAnchor {id: row.id, repoId: $repoId, path: row.path, name: row.path})
RETURN count(a) AS anchors
