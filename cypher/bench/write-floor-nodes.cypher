// bench/write-floor-nodes.cypher — the write floor's nodes: plain CREATE (Fact + a probe label with no index of its own), no lookup, no MERGE
// params: rows: list<map> (id, repoId, ownerFile, … as a fact node carries)   returns: written: number
UNWIND $rows AS row
CREATE (n:Fact:WriteFloorProbe)
SET n = row
RETURN count(n) AS written
