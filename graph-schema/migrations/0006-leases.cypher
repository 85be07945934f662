// 0006-leases.cypher — lease lookups by work (release on completion, renewal on every mutation,
// overlap checks at plan acceptance) seek instead of scanning every Reservation of the database.
CREATE INDEX reservation_work IF NOT EXISTS FOR (n:Reservation) ON (n.repoId, n.workId);
