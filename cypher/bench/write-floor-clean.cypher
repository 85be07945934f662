// bench/write-floor-clean.cypher — removes up to 10,000 write-floor probe nodes (and their relationships); run until it deletes 0
// params: none   returns: deleted: number
MATCH (n:WriteFloorProbe)
WITH n LIMIT 10000
DETACH DELETE n
RETURN count(*) AS deleted
