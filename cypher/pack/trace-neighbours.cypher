// pack/trace-neighbours.cypher — one-hop graph neighbours of a symbol (by name) or a file (by path), kept inside the pack's files
// params: repoId, overlay: {repoId: string|null, paths: list<string>}, from: {symbol: string|null, path: string|null}, files: {paths: list<string> (the pack's files)} (maps: what they hold does not key the plan, so every start and pack shares one), relTypes: list<string>, limit: Integer   returns: from, rel, direction, node
// Cost: the start is an index seek (Symbol(name) or File(repoId, path)); the expansion is typed with the TRACE_REL_TYPES
// allowlist (a unit test keeps the two equal) so the ever-growing INCLUDES fan-in of pack versions is never walked;
// DISTINCT/ORDER/LIMIT run on node references and only the kept rows are projected.
// Work overlay: a path the work changed (in $overlay.paths) is taken from its overlay ($overlay.repoId) and not from the base,
// every other path from the base; an overlay's edges reach only overlay nodes (its references resolve inside the overlay).
// The one base node of a changed path kept is the File an unchanged file's own edge reaches (r.ownerFile unchanged).
CALL () {
  MATCH (start:Symbol {name: $from.symbol})
  WHERE coalesce(start.path, start.ownerFile) IN $files.paths
    AND start.repoId = CASE WHEN coalesce(start.path, start.ownerFile) IN $overlay.paths THEN $overlay.repoId ELSE $repoId END
  RETURN start
  UNION
  WITH CASE WHEN $from.path IN $overlay.paths THEN $overlay.repoId ELSE $repoId END AS fileRepoId
  MATCH (start:File {repoId: fileRepoId, path: $from.path})
  WHERE start.path IN $files.paths
  RETURN start
}
MATCH (start)-[r:DEFINES|HAS_MEMBER|IMPORTS|TEMPLATES|STYLES|DECLARES|INJECTS|ROUTES_TO|LOADS_CHILDREN|CHILD_OF|GUARDED_BY|RESOLVES|USES_SELECTOR|HAS_USAGE|HAS_COLUMN|USES_RENDERER|TRIGGERS_NAV|TARGETS|LOADS_REMOTE|EXPOSES|CALLS_ENDPOINT|COVERS|RENDERS_GRID]-(n)
WHERE type(r) IN $relTypes AND coalesce(n.path, n.ownerFile) IN $files.paths
  AND (n.repoId = CASE WHEN coalesce(n.path, n.ownerFile) IN $overlay.paths THEN $overlay.repoId ELSE $repoId END
    // an unchanged file's own edge to a changed file (its import of it) still holds: the File node is shown from the base
    OR (n:File AND n.repoId = $repoId AND start.repoId = $repoId AND NOT r.ownerFile IN $overlay.paths))
WITH DISTINCT start, type(r) AS rel, CASE WHEN startNode(r) = start THEN 'out' ELSE 'in' END AS direction, n
ORDER BY rel, n.path, n.name
LIMIT $limit
RETURN
  start {.id, .name, .path, kind: coalesce(start.kind, 'file')} AS from,
  rel,
  direction,
  n {.id, .name, .path, .kind, .startLine, .endLine, labels: [l IN labels(n) WHERE l <> 'Fact']} AS node
