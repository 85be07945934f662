// bench/observer-seed-memories.cypher — the observer benchmark's memories in several lifecycle states, shaped as friction candidates (the metrics count them per state)
// params: repoId: string, memories: list<map {id, state, enforcementType, code, anchorId, createdAt: string (ISO)}>   returns: memories: integer
UNWIND $memories AS row
CREATE (m:Memory {
  id: row.id, memoryId: row.id, repoId: $repoId, state: row.state, enforcementType: row.enforcementType, trigger: 'friction', phase: 'planning',
  domainAnchorIds: [row.anchorId], rejectionCodes: [row.code], createdAt: datetime(row.createdAt), updatedAt: datetime(row.createdAt), planRuleJson: null,
  note: 'seeded by the observer benchmark'
})
RETURN count(m) AS memories
