// test-support/hold-work-lock.cypher — takes the write lock of one work; it is held until the caller's transaction ends (tests that make a delete of that work wait)
// params: workId: string   returns: locked: Integer
MATCH (w:Work {id: $workId})
SET w._testLock = true
REMOVE w._testLock
RETURN count(w) AS locked
