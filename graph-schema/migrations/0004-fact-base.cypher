// 0004-fact-base.cypher — every derived fact-plane node also carries the `Fact` label, keyed by a
// globally unique id. Ingestion merges on (:Fact {id}) and adds the specific labels, and the
// per-file replacement of facts finds them by (repoId, ownerFile).
CREATE CONSTRAINT fact_id IF NOT EXISTS FOR (n:Fact) REQUIRE n.id IS UNIQUE;
CREATE INDEX fact_owner IF NOT EXISTS FOR (n:Fact) ON (n.repoId, n.ownerFile);
