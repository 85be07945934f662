// test-support/delete-all.cypher — empties a database that belongs to the test suite (never a user's server)
// params: none   returns: deleted: number
MATCH (n)
DETACH DELETE n
RETURN count(n) AS deleted
