// graphgate 01 — ingested repositories: repoId, root, current snapshot, fact counts; a work's overlay (the files its unmerged edits changed) names its base and work
MATCH (r:Repo)
RETURN r.repoId AS repoId, r.overlayOf AS overlayOf, r.workId AS workId, r.root AS root, r.snapshotId AS snapshot,
  COUNT { (f:File {repoId: r.repoId}) } AS files,
  COUNT { (c:Component {repoId: r.repoId}) } AS components,
  COUNT { (rt:Route {repoId: r.repoId}) } AS routes
ORDER BY repoId
