// 0016-friction-event-repo-code.cypher — FrictionEvent (repoId, code): the friction → memory step recounts one
// repository's refusals of a code after every refused turn; on `code` alone (0002) it read every repository's.
CREATE INDEX friction_event_repo_code IF NOT EXISTS FOR (n:FrictionEvent) ON (n.repoId, n.code);
