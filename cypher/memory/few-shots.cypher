// memory/few-shots.cypher — trace_symbol_graph's few-shot candidates: current ExampleRefs that carry a few-shot, and active few_shot memories not promoted to a current policy-plane record, each with its scopes (the caller keeps those covering the traced folders)
// params: repoId: string, limit: Integer   returns: source: 'record'|'memory', id, state, fewShotJson, fromMemory: string|null, scopes: list, expiresAt: string|null
// Only the rows that can become examples: the pack's lanes read every record and memory, a trace needs these few.
CALL () {
  MATCH (n:PolicyRecord:ExampleRef)
  WHERE n.repoId = $repoId AND n.current = true AND coalesce(n.status, 'active') <> 'retired' AND n.fewShotJson IS NOT NULL
  RETURN 'record' AS source, n.recordId AS id, 'approved' AS state, n.fewShotJson AS fewShotJson, n.fromMemory AS fromMemory,
    coalesce(n.appliesTo, []) + [(n)-[:APPLIES_TO]->(a:DomainAnchor) | a.path] AS scopes, null AS expiresAt
  UNION ALL
  MATCH (m:Memory)
  WHERE m.repoId = $repoId AND m.state IN ['approved', 'provisional'] AND m.enforcementType = 'few_shot' AND m.fewShotJson IS NOT NULL
    // The promotion clause of retrieval/active-memories.cypher (for a few_shot memory): change them together.
    AND NOT EXISTS { MATCH (p:PolicyRecord {recordId: m.promotedTo}) WHERE p.repoId = $repoId AND p.current = true AND coalesce(p.status, 'active') <> 'retired' }
  RETURN 'memory' AS source, coalesce(m.memoryId, m.id) AS id, m.state AS state, m.fewShotJson AS fewShotJson, null AS fromMemory,
    coalesce(m.domainAnchorIds, []) + [(m)-[:APPLIES_TO]->(a:DomainAnchor) | a.path] AS scopes, m.expiresAt AS expiresAt
}
RETURN source, id, state, fewShotJson, fromMemory, scopes, expiresAt
ORDER BY source DESC, id
LIMIT $limit
