// 0015-query-shapes.cypher — the query shapes processes ran (src/graph/query-shapes.ts): one node per query name and
// parameter types, merged by every process that runs it, read when a server start re-plans them.
CREATE CONSTRAINT query_shape_key IF NOT EXISTS FOR (n:QueryShape) REQUIRE n.key IS UNIQUE;
