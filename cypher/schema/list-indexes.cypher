// schema/list-indexes.cypher — the indexes in the database with their type and state (schema checks)
// params: none   returns: name: string, type: string, state: string
SHOW INDEXES YIELD name, type, state
RETURN name, type, state
