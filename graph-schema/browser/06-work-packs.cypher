// graphgate 06 — the context packs of a work ($workId): current pack first, older versions it supersedes, file and symbol counts
MATCH (w:Work {id: $workId})-[:USES_PACK]->(current:ContextPack)
MATCH chain = (current)-[:SUPERSEDES*0..20]->(p:ContextPack)
RETURN length(chain) AS versionsBack, p.id AS pack, p.hash AS hash, p.ref AS file, p.createdAt AS created,
  COUNT { (p)-[:INCLUDES]->(:File) } AS files, COUNT { (p)-[:INCLUDES]->(:Symbol) } AS symbols
ORDER BY versionsBack
