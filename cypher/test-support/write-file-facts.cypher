// test-support/write-file-facts.cypher — writes File facts, the Symbols they DEFINE (with their Angular labels and searchText) and the Repo's current snapshot, as ingestion would (tests only)
// params: repoId: string, snapshotId: string, files: list<{id, path, sha256, size, kind, searchText, symbols: list<{id, name, kind, startLine, endLine, signature, labels, selector, searchText}>}>   returns: files
MERGE (r:Repo {id: $repoId + ':repo'})
SET r.repoId = $repoId, r.snapshotId = $snapshotId
WITH r
UNWIND $files AS file
MERGE (f:Fact:File {id: file.id})
SET f.repoId = $repoId, f.snapshotId = $snapshotId, f.path = file.path, f.sha256 = file.sha256, f.size = file.size, f.kind = file.kind,
    f.searchText = file.searchText
WITH f, file
CALL (f, file) {
  UNWIND file.symbols AS s
  MERGE (sym:Fact:Symbol {id: s.id})
  SET sym.repoId = $repoId, sym.snapshotId = $snapshotId, sym.name = s.name, sym.kind = s.kind, sym.path = f.path,
      sym.startLine = s.startLine, sym.endLine = s.endLine, sym.signature = s.signature, sym.selector = s.selector, sym.searchText = s.searchText
  SET sym:$(coalesce(s.labels, []))
  MERGE (f)-[:DEFINES]->(sym)
  RETURN count(sym) AS symbols
}
RETURN count(f) AS files
