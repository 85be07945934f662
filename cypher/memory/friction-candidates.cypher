// memory/friction-candidates.cypher — after a turn's friction is written: each (code, domain anchor) signature that the repository's works have now hit `threshold` times (distinct works) becomes, or strengthens, ONE pending plan_rule memory candidate (deterministic id; MERGE under the Memory id constraint, so two works crossing the threshold at once create one). The signature's FrictionSignature node is written first: its lock makes concurrent turns count each other's committed friction (signatures come sorted, so locks are taken in one order)
// params: repoId: string, threshold: Integer, signatures: list<{code: string, anchorId: string, planRuleJson: string, note: string}>   returns: id, created: boolean, works: Integer, events: Integer, code: string, anchorId: string
UNWIND $signatures AS sig
MATCH (a:DomainAnchor {id: sig.anchorId})
WHERE a.repoId = $repoId
MERGE (s:FrictionSignature {id: $repoId + ':' + sig.code + ':' + sig.anchorId})
ON CREATE SET s.repoId = $repoId, s.code = sig.code, s.anchorId = sig.anchorId
SET s.lastAt = datetime()
WITH sig, a, s
CALL (sig) {
  MATCH (f:FrictionEvent {code: sig.code})
  WHERE f.repoId = $repoId AND sig.anchorId IN f.domainAnchorIds
  RETURN count(DISTINCT f.workId) AS works, count(f) AS events
}
SET s.works = works, s.events = events
WITH sig, a, works, events
WHERE works >= $threshold
MERGE (m:Memory {id: 'mem-friction-' + $repoId + '-' + sig.code + '-' + sig.anchorId})
ON CREATE SET m.repoId = $repoId, m.memoryId = m.id, m.state = 'pending', m.trigger = 'friction', m.phase = 'planning',
  m.enforcementType = 'plan_rule', m.planRuleJson = sig.planRuleJson, m.rejectionCodes = [sig.code],
  m.domainAnchorIds = [sig.anchorId], m.note = sig.note, m.createdAt = datetime(), m.createdNow = true
ON MATCH SET m.createdNow = false
SET m.works = works, m.hits = events, m.updatedAt = datetime()
MERGE (m)-[:APPLIES_TO]->(a)
WITH m, works, events, m.createdNow AS created, sig
REMOVE m.createdNow
RETURN m.id AS id, created, works, events, sig.code AS code, sig.anchorId AS anchorId
