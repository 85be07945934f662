// memory/merge-few-shot-candidate.cypher — one pending few_shot memory per friction signature (deterministic id, MERGE under the Memory id constraint): created at the threshold from a refused node and its accepted fix, strengthened (works, hits) after; its example follows the newest fix while it is pending, and is frozen once a person approved it
// params: repoId: string, rows: list<{code, anchorId, fewShotJson, note, works: Integer, events: Integer, frictionId}>   returns: id, created: boolean
UNWIND $rows AS row
MATCH (a:DomainAnchor {id: row.anchorId})
WHERE a.repoId = $repoId
MERGE (m:Memory {id: 'mem-fewshot-' + $repoId + '-' + row.code + '-' + row.anchorId})
ON CREATE SET m.repoId = $repoId, m.memoryId = m.id, m.state = 'pending', m.trigger = 'friction', m.phase = 'planning',
  m.enforcementType = 'few_shot', m.rejectionCodes = [row.code], m.domainAnchorIds = [row.anchorId], m.createdAt = datetime(), m.createdNow = true
ON MATCH SET m.createdNow = false
SET m.works = row.works, m.hits = row.events, m.updatedAt = datetime(), m.note = row.note
FOREACH (_ IN CASE WHEN m.state = 'pending' THEN [1] ELSE [] END | SET m.fewShotJson = row.fewShotJson, m.sourceFrictionId = row.frictionId)
MERGE (m)-[:APPLIES_TO]->(a)
WITH m, m.createdNow AS created
REMOVE m.createdNow
RETURN m.id AS id, created
