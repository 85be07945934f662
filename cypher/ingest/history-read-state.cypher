// ingest/history-read-state.cypher — the repo's history bookkeeping: the HEAD and window bound of the last complete sync, and whether a sync was cut short
// params: repoId: string   returns: head: string|null, bound: number|null, prefix: string|null, version: number|null, commits: number, syncing: boolean
OPTIONAL MATCH (s:HistoryState {id: $repoId + ':history'})
RETURN s.head AS head, s.bound AS bound, s.prefix AS prefix, s.version AS version, coalesce(s.commits, 0) AS commits, coalesce(s.syncing, false) AS syncing
