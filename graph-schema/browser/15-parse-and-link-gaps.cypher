// graphgate 15 — what ingestion could not parse or link in $repoId: parse events and unresolved or ambiguous references
CALL () {
  MATCH (e:ParseEvent {repoId: $repoId})
  RETURN 'parse:' + e.kind AS kind, e.path + ':' + coalesce(toString(toInteger(e.line)), '-') AS at, e.message AS detail
  UNION ALL
  MATCH (r:Ref {repoId: $repoId})
  WHERE r.status <> 'resolved'
  RETURN 'ref:' + r.status + ':' + r.kind AS kind, r.ownerFile AS at, r.key + ' — ' + coalesce(r.reason, '') AS detail
}
RETURN kind, at, detail
ORDER BY kind, at
LIMIT 500
