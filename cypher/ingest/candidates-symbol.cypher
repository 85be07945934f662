// ingest/candidates-symbol.cypher — symbols with one of the given names, with their file and whether they are members
// params: repoId: string, names: list<string>   returns: id: string, name: string, ownerFile: string, member: boolean, exported: boolean
UNWIND $names AS name
MATCH (s:Symbol {name: name})
WHERE s.repoId = $repoId
RETURN s.id AS id, s.name AS name, s.ownerFile AS ownerFile,
       (s.owner IS NOT NULL OR s.kind IN ['method', 'property', 'member']) AS member, coalesce(s.exported, false) AS exported
