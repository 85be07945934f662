// doctor/apoc-procedures.cypher — how many APOC procedures the server offers (graphgate's queries do not need APOC; people's Browser sessions may)
// params: none   returns: count: integer
SHOW PROCEDURES YIELD name
WHERE name STARTS WITH 'apoc.'
RETURN count(name) AS count
