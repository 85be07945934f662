// test-support/count-denied-turns.cypher — a verb's refused turns with a code, and how many of them a work logged (tests only)
// params: repoId, verb, code   returns: turns: Integer, onWork: Integer
MATCH (t:Turn {verb: $verb, outcome: 'denied'})
WHERE t.repoId = $repoId AND $code IN t.denyCodes
RETURN count(t) AS turns, count { MATCH (:Work)-[:HAS_TURN]->(t) } AS onWork
