// 0014-observer-metrics.cypher — the observer console's `/metrics` over a long history (bench/observer, 100k turns):
// memory metrics count a repository's plan submissions of all time by (repoId, verb), and its friction events by
// repoId; the rejection heatmap reads a repository's friction of a time window by (repoId, at). Without these each
// of them scanned every Turn or FrictionEvent of every repository.
CREATE INDEX turn_repo_verb IF NOT EXISTS FOR (n:Turn) ON (n.repoId, n.verb);
CREATE INDEX friction_event_repo_at IF NOT EXISTS FOR (n:FrictionEvent) ON (n.repoId, n.at);
