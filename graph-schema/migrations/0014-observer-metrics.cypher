// 0014-observer-metrics.cypher — the observer console's `/metrics` over a long history (bench/observer, 100k turns):
// a repository's turns by verb and time serve the sparklines (each verb's newest turns, in index order), the pack
// outcomes (initialize_work turns of a window) and the memory metrics (plan submissions of all time); its friction
// by time serves the rejection heatmap's window and the memory metrics' count. Without these the sparklines sorted
// every turn of the window, and the memory metrics and heatmap scanned every Turn or FrictionEvent of the database.
CREATE INDEX turn_repo_verb_at IF NOT EXISTS FOR (n:Turn) ON (n.repoId, n.verb, n.at);
CREATE INDEX friction_event_repo_at IF NOT EXISTS FOR (n:FrictionEvent) ON (n.repoId, n.at);
