// test-support/ping.cypher — the smallest round trip to the server
// params: none   returns: ok: number
RETURN 1 AS ok
