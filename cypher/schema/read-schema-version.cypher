// schema/read-schema-version.cypher — the schema version graphgate last applied to this database, and every migration file applied
// params: none   returns: version: number | null, applied: list<string> | null (absent on databases migrated before files were recorded)
OPTIONAL MATCH (s:GraphgateSchema {id: 'graphgate'})
RETURN s.version AS version, s.applied AS applied
