// schema/set-schema-version.cypher — records the applied schema version (monotonic: never lowers it)
// params: version: Integer, appliedBy: string   returns: version: number
MERGE (s:GraphgateSchema {id: 'graphgate'})
SET s.version = CASE WHEN s.version IS NULL OR s.version < $version THEN $version ELSE s.version END,
    s.appliedAt = datetime(), s.appliedBy = $appliedBy
RETURN s.version AS version
