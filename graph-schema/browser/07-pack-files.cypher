// graphgate 07 — the files a pack ($packId) includes, with their domain anchor and the symbols the pack names in each
MATCH (p:ContextPack {id: $packId})-[:INCLUDES]->(f:File)
OPTIONAL MATCH (f)-[:IN_ANCHOR]->(a:DomainAnchor)
RETURN f.path AS file, a.path AS anchor,
  [(p)-[:INCLUDES]->(s:Symbol) WHERE s.path = f.path | s.name + ' (' + coalesce(s.kind, '?') + ':' + toInteger(s.startLine) + ')'] AS symbols
ORDER BY file
