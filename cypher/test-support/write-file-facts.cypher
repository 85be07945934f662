// test-support/write-file-facts.cypher — writes File facts and the Symbols they DEFINE, as ingestion would (tests only)
// params: repoId: string, snapshotId: string, files: list<{id, path, sha256, size, kind, symbols: list<{id, name, kind, startLine, endLine, signature}>}>   returns: files
UNWIND $files AS file
MERGE (f:Fact:File {id: file.id})
SET f.repoId = $repoId, f.snapshotId = $snapshotId, f.path = file.path, f.sha256 = file.sha256, f.size = file.size, f.kind = file.kind
WITH f, file
CALL (f, file) {
  UNWIND file.symbols AS s
  MERGE (sym:Fact:Symbol {id: s.id})
  SET sym.repoId = $repoId, sym.snapshotId = $snapshotId, sym.name = s.name, sym.kind = s.kind, sym.path = f.path,
      sym.startLine = s.startLine, sym.endLine = s.endLine, sym.signature = s.signature
  MERGE (f)-[:DEFINES]->(sym)
  RETURN count(sym) AS symbols
}
RETURN count(f) AS files
