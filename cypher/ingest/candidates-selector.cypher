// ingest/candidates-selector.cypher — components and directives of a repo with their selectors (matched in TS: selector lists and attribute selectors)
// params: repoId: string   returns: id: string, selector: string, labels: list<string>, ownerFile: string
MATCH (c:Fact)
WHERE c.repoId = $repoId AND (c:Component OR c:Directive) AND c.selector IS NOT NULL
RETURN c.id AS id, c.selector AS selector, labels(c) AS labels, c.ownerFile AS ownerFile
