// 0005-ingest.cypher — what the ingestion pipeline needs beyond the fact base (ingest/README.md):
// the per-repo ingest lock, persisted references (re-resolved by key in incremental runs) and the
// versioned policy-plane records (append + supersede: one node per record id and version).
CREATE CONSTRAINT ingest_lock_id IF NOT EXISTS FOR (n:IngestLock) REQUIRE n.id IS UNIQUE;
CREATE INDEX ref_key IF NOT EXISTS FOR (n:Ref) ON (n.repoId, n.key);
CREATE INDEX ref_from IF NOT EXISTS FOR (n:Ref) ON (n.repoId, n.fromId);
CREATE CONSTRAINT policy_record_id IF NOT EXISTS FOR (n:PolicyRecord) REQUIRE n.id IS UNIQUE;
CREATE INDEX policy_record_key IF NOT EXISTS FOR (n:PolicyRecord) ON (n.repoId, n.recordId);
CREATE INDEX memory_repo IF NOT EXISTS FOR (n:Memory) ON (n.repoId);
