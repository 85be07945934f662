// dashboard/read-turn-clock.cypher — the seq of a repository's last committed turn (0 before the first): where a new event stream starts
// params: repoId: string   returns: seq: integer
OPTIONAL MATCH (c:TurnClock {repoId: $repoId})
RETURN coalesce(c.seq, 0) AS seq
