// 0008-history.cypher — the git history lane (ingest/history/, src/retrieval/lanes/history.lane.ts): one Commit node per
// commit of the window from HEAD, keyed `<repoId>:commit:<sha>` (so (repoId, sha) is unique too), listed per repo by
// time (the lane's recency rank counts the newer commits of the window through this index), and a full-text index on
// the message. `english` (Porter stemming + stop words) because commit messages are prose, unlike the identifier
// indexes of 0003; `searchText` holds only the parts of compound identifiers the message names (`OrderDetailComponent`
// → `order detail component`), which that analyzer keeps whole; `ftRepo` is the repository as one digit token
// (src/text/repo-search-key.ts, as in 0010), required by the lane's query so other repositories' commits cannot crowd
// this one's out. Eventually consistent like 0007: the ingest waits for the refresh. HistoryState records the HEAD and
// bound of the last complete sync (the cheap no-change check).
CREATE CONSTRAINT commit_id IF NOT EXISTS FOR (n:Commit) REQUIRE n.id IS UNIQUE;
CREATE INDEX commit_repo_time IF NOT EXISTS FOR (n:Commit) ON (n.repoId, n.time);
CREATE CONSTRAINT history_state_id IF NOT EXISTS FOR (n:HistoryState) REQUIRE n.id IS UNIQUE;
CREATE FULLTEXT INDEX ft_commit_message IF NOT EXISTS FOR (n:Commit) ON EACH [n.ftRepo, n.subject, n.body, n.searchText]
  OPTIONS { indexConfig: { `fulltext.analyzer`: 'english', `fulltext.eventually_consistent`: true } };
