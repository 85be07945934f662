// plan/read-existing-symbols.cypher — of the given (file, name) pairs, those defined in the repository's current facts (`Class.member` for members)
// A file the work changed (in $overlayPaths) is read from the work's overlay ($overlayRepoId), every other from the base.
// params: repoId: string, overlayRepoId: string|null, overlayPaths: list<string>, refs: list<{file: string, name: string}>   returns: file, name
UNWIND $refs AS ref
WITH ref, CASE WHEN ref.file IN $overlayPaths THEN $overlayRepoId ELSE $repoId END AS ns
MATCH (s:Fact {repoId: ns, ownerFile: ref.file})
WHERE s:Symbol AND (s.name = ref.name OR (s.owner IS NOT NULL AND s.owner + '.' + s.name = ref.name))
RETURN DISTINCT ref.file AS file, ref.name AS name
