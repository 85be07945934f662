// schema/list-constraints.cypher — the constraints in the database with the labels they cover
// params: none   returns: name: string, labels: list<string>
SHOW CONSTRAINTS YIELD name, labelsOrTypes
RETURN name, labelsOrTypes AS labels
