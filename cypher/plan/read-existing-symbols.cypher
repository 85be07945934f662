// plan/read-existing-symbols.cypher — of the given (file, name) pairs, those defined in the repository's current facts (`Class.member` for members)
// params: repoId: string, refs: list<{file: string, name: string}>   returns: file, name
UNWIND $refs AS ref
MATCH (s:Fact {repoId: $repoId, ownerFile: ref.file})
WHERE s:Symbol AND (s.name = ref.name OR (s.owner IS NOT NULL AND s.owner + '.' + s.name = ref.name))
RETURN DISTINCT ref.file AS file, ref.name AS name
