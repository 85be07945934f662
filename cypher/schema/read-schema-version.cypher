// schema/read-schema-version.cypher — the schema version graphgate last applied to this database
// params: none   returns: version: number | null
OPTIONAL MATCH (s:GraphgateSchema {id: 'graphgate'})
RETURN s.version AS version
