// test-support/read-work-packs.cypher — a work's packs with their versions, supersede links, included facts and attachments; the approved override memories of a repo (tests only)
// params: repoId: string, workId: string   returns: packs: list<{id, version, hash, ref, outcome, strategyId, current, supersedes, files, symbols}>, attachments: list<string>, memories: list<{id, state, trigger, anchors}>
MATCH (w:Work {id: $workId})
WHERE w.repoId = $repoId
RETURN
  COLLECT {
    MATCH (p:ContextPack {workId: $workId})
    RETURN {id: p.id, version: p.version, hash: p.hash, ref: p.ref, outcome: p.outcome, strategyId: p.strategyId,
      current: EXISTS { (w)-[:USES_PACK]->(p) }, supersedes: [(p)-[:SUPERSEDES]->(x) | x.id],
      files: COUNT { (p)-[:INCLUDES]->(:File) }, symbols: COUNT { (p)-[:INCLUDES]->(:Symbol) }} AS pack
    ORDER BY pack.version
  } AS packs,
  [(w)-[:HAS_ATTACHMENT]->(a:Attachment) | a.artifactId] AS attachments,
  COLLECT {
    MATCH (m:Memory {repoId: $repoId, trigger: 'human_override'})
    RETURN {id: m.memoryId, state: m.state, anchors: [(m)-[:APPLIES_TO]->(a:DomainAnchor) | a.path]} AS memory ORDER BY memory.id
  } AS memories
