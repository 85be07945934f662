// graphgate 12 — remote loads of $repoId that are unresolved or ambiguous (federation proof missing), with the candidates the linker considered
MATCH (ref:Ref {repoId: $repoId, relType: 'LOADS_REMOTE'})
WHERE ref.status <> 'resolved'
OPTIONAL MATCH (src:Fact {id: ref.fromId})
RETURN ref.status AS status, coalesce(src.fullPath, src.name) AS hostRoute, ref.ownerFile + ':' + toInteger(src.startLine) AS at,
  ref.target AS load, ref.reason AS reason,
  COLLECT { MATCH (x:RemoteExpose) WHERE x.id IN coalesce(ref.targetIds, []) RETURN x.name + ' @ ' + x.path } AS candidates
ORDER BY at
