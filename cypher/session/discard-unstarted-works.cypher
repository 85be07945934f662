// session/discard-unstarted-works.cypher — deletes works no agent was ever given, with their packs, attachments and agents: the works $workIds names (their initialize_work turn did not answer ok), and PLANNING works without a logged turn created more than $olderThanMs ago (the process that created them died or timed out first; null: none swept)
// params: repoId, workIds: list<string>, olderThanMs: Integer|null   returns: workId
CALL () {
  UNWIND $workIds AS id
  MATCH (w:Work {id: id})
  WHERE w.repoId = $repoId
  RETURN w
  UNION
  MATCH (w:Work {state: 'PLANNING'})
  WHERE $olderThanMs IS NOT NULL AND w.repoId = $repoId AND w.createdAt < datetime() - duration({milliseconds: $olderThanMs})
    AND NOT EXISTS { (w)-[:HAS_TURN]->(:Turn) }
  RETURN w
}
OPTIONAL MATCH (w)-[:USES_PACK]->(:ContextPack)-[:SUPERSEDES*0..]->(pack:ContextPack)
WITH w, collect(DISTINCT pack) AS packs
OPTIONAL MATCH (w)-[:HAS_ATTACHMENT]->(attachment:Attachment)
WITH w, packs, collect(attachment) AS attachments
OPTIONAL MATCH (agent:Agent)-[:WORKS_ON]->(w)
WHERE agent.workId = w.id
WITH w, packs, attachments, collect(agent) AS agents
WITH w, packs + attachments + agents AS owned, w.id AS workId
FOREACH (n IN owned | DETACH DELETE n)
DETACH DELETE w
RETURN workId
