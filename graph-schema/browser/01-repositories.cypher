// graphgate 01 — ingested repositories: repoId, root, current snapshot, fact counts
MATCH (r:Repo)
RETURN r.repoId AS repoId, r.root AS root, r.snapshotId AS snapshot,
  COUNT { (f:File {repoId: r.repoId}) } AS files,
  COUNT { (c:Component {repoId: r.repoId}) } AS components,
  COUNT { (rt:Route {repoId: r.repoId}) } AS routes
ORDER BY repoId
