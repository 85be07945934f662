// doctor/repo-health.cypher — what graphgate doctor reports about one repository: its current snapshot, whether a run died writing, its files and its parse events per kind
// params: repoId: string   returns: snapshotId: string|null, root: string|null, writing: boolean, ingestedAt: string|null, files: integer, events: list<{kind: string, count: integer}>
MATCH (r:Repo {id: $repoId + ':repo'})
OPTIONAL MATCH (r)-[:HAS_SNAPSHOT]->(s:Snapshot {snapshotId: r.snapshotId})
RETURN r.snapshotId AS snapshotId, r.root AS root, coalesce(r.writing, false) AS writing, toString(s.ingestedAt) AS ingestedAt,
  COUNT { MATCH (f:File {repoId: $repoId}) } AS files,
  COLLECT { MATCH (e:ParseEvent {repoId: $repoId}) WITH e.kind AS kind, count(*) AS count RETURN {kind: kind, count: count} AS row ORDER BY kind } AS events
