// bench/transaction-memory.cypher — the largest heap estimate among the server's other open transactions (the atomic-bound benchmark polls it while an ingest runs)
// params: none   returns: heapBytes: number, transactions: number
SHOW TRANSACTIONS
YIELD currentQuery, estimatedUsedHeapMemory
WHERE NOT currentQuery STARTS WITH 'SHOW TRANSACTIONS'
RETURN coalesce(max(estimatedUsedHeapMemory), 0) AS heapBytes, count(*) AS transactions
