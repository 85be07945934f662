// plan/read-existing-symbols.cypher — of the given (file, name) pairs, those defined in the repository's current facts (`Class.member` for members)
// A file the work changed (in $overlay.paths) is read from the work's overlay ($overlay.repoId), every other from the base.
// params: repoId: string, overlay: {repoId: string|null, paths: list<string>}, lookup: {refs: list<{file: string, name: string}>} (maps: what they hold does not key the plan, so every plan size shares one)   returns: file, name
UNWIND $lookup.refs AS ref
WITH ref, CASE WHEN ref.file IN $overlay.paths THEN $overlay.repoId ELSE $repoId END AS ns
MATCH (s:Fact {repoId: ns, ownerFile: ref.file})
WHERE s:Symbol AND (s.name = ref.name OR (s.owner IS NOT NULL AND s.owner + '.' + s.name = ref.name))
RETURN DISTINCT ref.file AS file, ref.name AS name
