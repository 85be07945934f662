// 0013-turn-stream.cypher — the observer console (src/dashboard) reads a repository's turns in commit order: one
// TurnClock per repository numbers them (Turn.seq), unique so concurrent MERGEs make one; turns are listed by
// repository and time, and streamed by repository and seq.
CREATE CONSTRAINT turn_clock_repo IF NOT EXISTS FOR (n:TurnClock) REQUIRE n.repoId IS UNIQUE;
CREATE INDEX turn_repo_seq IF NOT EXISTS FOR (n:Turn) ON (n.repoId, n.seq);
CREATE INDEX turn_repo_at IF NOT EXISTS FOR (n:Turn) ON (n.repoId, n.at);
