// session/discard-works.cypher — deletes works no agent was ever given (see find-unstarted-works.cypher and src/session/README.md), with their packs, attachments and agents
// params: repoId, workIds: list<string>   returns: workId
UNWIND $workIds AS id
MATCH (w:Work {id: id})
WHERE w.repoId = $repoId
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
