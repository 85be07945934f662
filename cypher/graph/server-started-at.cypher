// graph/server-started-at.cypher — when the server's JVM started (ms since the epoch): a restart empties the plan cache
// params: none   returns: startedAt: number
CALL dbms.queryJmx('java.lang:type=Runtime') YIELD attributes
RETURN attributes.StartTime.value AS startedAt
