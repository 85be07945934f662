// schema/set-schema-version.cypher — records an applied migration: its file joins the applied list, the version never goes down
// params: version: Integer, file: string, appliedBy: string   returns: version: number
MERGE (s:GraphgateSchema {id: 'graphgate'})
SET s.version = CASE WHEN s.version IS NULL OR s.version < $version THEN $version ELSE s.version END,
    s.applied = CASE WHEN $file IN coalesce(s.applied, []) THEN s.applied ELSE coalesce(s.applied, []) + $file END,
    s.appliedAt = datetime(), s.appliedBy = $appliedBy
RETURN s.version AS version
