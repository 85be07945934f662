// memory/work-retrospective.cypher — what a work's retrospective is built from, in one read: its turns (oldest first), its friction with the anchors' paths and how often each (code, anchor) signature occurred in the repository's works (calls that named no work are not counted), the memories that apply to its pack's anchors, and the repository's memories waiting for review
// params: workId: string, repoId: string, limit: Integer   returns: turns: list<{verb, outcome, denyCodes, files}>, friction: list<{code, anchor, here, events, works}>, memories: list<{id, state, type, trigger, codes, anchors}>, pending: Integer
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
CALL (w) {
  OPTIONAL MATCH (w)-[:HAS_TURN]->(t:Turn)
  WITH t ORDER BY t.at
  LIMIT $limit
  RETURN collect(t {.verb, .outcome, denyCodes: coalesce(t.denyCodes, []), files: coalesce(t.files, [])}) AS turns
}
CALL (w) {
  OPTIONAL MATCH (w)-[:HAD_FRICTION]->(f:FrictionEvent)
  WITH f.code AS code, CASE WHEN f IS NULL THEN [] WHEN size(coalesce(f.domainAnchorIds, [])) = 0 THEN [''] ELSE f.domainAnchorIds END AS anchorIds
  UNWIND anchorIds AS anchorId
  WITH code, anchorId, count(*) AS here
  OPTIONAL MATCH (a:DomainAnchor {id: anchorId})
  CALL (code, anchorId) {
    OPTIONAL MATCH (g:FrictionEvent {code: code})
    WHERE g.repoId = $repoId AND g.workId IS NOT NULL AND (anchorId = '' OR anchorId IN g.domainAnchorIds)
    RETURN count(g) AS events, count(DISTINCT g.workId) AS works
  }
  RETURN collect({code: code, anchor: coalesce(a.path, CASE WHEN anchorId = '' THEN null ELSE anchorId END), here: here, events: events, works: works}) AS friction
}
CALL (w) {
  OPTIONAL MATCH (w)-[:USES_PACK]->(:ContextPack)-[:INCLUDES]->(:File)-[:IN_ANCHOR]->(a:DomainAnchor)<-[:APPLIES_TO]-(m:Memory)
  WHERE m.repoId = $repoId AND m.state IN ['pending', 'provisional', 'approved']
  WITH DISTINCT m
  ORDER BY m.id
  RETURN collect(m {id: coalesce(m.memoryId, m.id), .state, type: m.enforcementType, .trigger, codes: coalesce(m.rejectionCodes, []), anchors: [(m)-[:APPLIES_TO]->(x:DomainAnchor) | x.path]}) AS memories
}
CALL () {
  OPTIONAL MATCH (m:Memory)
  WHERE m.repoId = $repoId AND m.state = 'pending'
  RETURN count(m) AS pending
}
RETURN turns, friction, memories, pending
