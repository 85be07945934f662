// test-support/lock-friction-signatures.cypher — takes the write lock of a repository's FrictionSignature nodes; it is held until the caller's transaction ends (tests that hold a signature while a refused turn runs)
// params: repoId: string   returns: locked: Integer
MATCH (s:FrictionSignature)
WHERE s.repoId = $repoId
SET s._testLock = true
REMOVE s._testLock
RETURN count(s) AS locked
