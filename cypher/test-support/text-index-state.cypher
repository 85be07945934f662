// test-support/text-index-state.cypher — a fingerprint of what every repository's files contribute to the shared full-text statistics (BM25 IDF): equal fingerprints, equal scores
// params: none   returns: files: number, chars: number
MATCH (f:File)
RETURN count(f) AS files, sum(size(coalesce(f.ftIdents, '')) + size(coalesce(f.ftText, '')) + size(coalesce(f.ftComments, ''))) AS chars
