// session/stamp-turn-seq.cypher — numbers a turn on the repository's turn clock; the last statement of its commit transaction, because the clock's write lock is held until commit: Turn.seq follows commit order (the observer's event stream resumes on it) and the lock covers only the commit itself
// params: repoId, turnId   returns: seq
MATCH (t:Turn {id: $turnId})
WHERE t.repoId = $repoId
MERGE (clock:TurnClock {repoId: $repoId})
SET clock._lock = true
WITH t, clock
SET clock.seq = coalesce(clock.seq, 0) + 1
REMOVE clock._lock
SET t.seq = clock.seq
RETURN t.seq AS seq
