// plan/read-component-contracts.cypher — components.d.ts contracts of the given custom-element tags: prop and event names
// params: repoId: string, request: {tags: list<string>} (a map: its list's size does not key the plan)   returns: tag, props: list<string>, events: list<string>|null
UNWIND $request.tags AS tag
MATCH (c:ContractComponent {tag: tag})
WHERE c.repoId = $repoId
WITH tag, head(collect(c)) AS c
RETURN tag,
       [(c)-[:HAS_PROP]->(p:Prop) | p.name] AS props,
       CASE WHEN c.eventCount IS NULL AND NOT EXISTS { (c)-[:EMITS]->(:Event) } THEN null ELSE [(c)-[:EMITS]->(e:Event) | e.name] END AS events
ORDER BY tag
