// retrieval/lexeme-aliases.cypher — the current LexemeAlias records of a repository (vocabulary expansion before the lanes run)
// params: repoId: string, limit: Integer   returns: id, term, aliases: list<string>, negative: list<string>|null, domain: string|null
MATCH (n:LexemeAlias)
WHERE n.repoId = $repoId AND n.current = true AND coalesce(n.status, 'active') <> 'retired'
RETURN n.recordId AS id, n.term AS term, coalesce(n.aliases, []) AS aliases, n.negative AS negative, n.domain AS domain
ORDER BY id
LIMIT $limit
