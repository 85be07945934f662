// ingest/await-fulltext-refresh.cypher — waits until the eventually consistent full-text indexes hold every committed write (end of an ingest that wrote)
// params: none   returns: nothing
CALL db.index.fulltext.awaitEventuallyConsistentIndexRefresh()
