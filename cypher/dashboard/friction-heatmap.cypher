// dashboard/friction-heatmap.cypher — refusals per (deny code, domain anchor) from a repository's FrictionEvents since a time: events and distinct works per cell, with the anchor's folder path
// params: repoId: string, since: string (ISO datetime), limit: Integer   returns: code: string, anchorId: string, anchor: string|null, events: integer, works: integer
MATCH (f:FrictionEvent)
WHERE f.repoId = $repoId AND f.at >= datetime($since)
UNWIND coalesce(f.domainAnchorIds, []) AS anchorId
WITH f.code AS code, anchorId, count(f) AS events, count(DISTINCT f.workId) AS works
ORDER BY events DESC, code, anchorId
LIMIT $limit
OPTIONAL MATCH (a:DomainAnchor {id: anchorId})
RETURN code, anchorId, a.path AS anchor, events, works
