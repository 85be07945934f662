// ingest/candidates-pipe.cypher — pipes (@Pipe classes) of a repo with one of the given template names
// params: repoId: string, names: list<string>   returns: id: string, name: string, ownerFile: string
MATCH (p:Pipe)
WHERE p.repoId = $repoId AND p.pipeName IN $names
RETURN p.id AS id, p.pipeName AS name, p.ownerFile AS ownerFile
