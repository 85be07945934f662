// 0003-fulltext.cypher — full-text indexes for the lexical lane.
// Lucene's analyzers do not split camelCase or snake_case, so ingestion stores a `searchText`
// property holding the original text plus its sub-tokens (src/text/lex-text.ts: "UserListComponent"
// -> "userlistcomponent user list component"). The `standard-no-stop-words` analyzer then lowercases
// and splits on whitespace and punctuation without dropping short words like "to" or "by" that
// matter in identifiers. Queries go through the same tokeniser and escape Lucene syntax.

CREATE FULLTEXT INDEX ft_file_path IF NOT EXISTS FOR (n:File) ON EACH [n.searchText]
  OPTIONS { indexConfig: { `fulltext.analyzer`: 'standard-no-stop-words', `fulltext.eventually_consistent`: false } };
CREATE FULLTEXT INDEX ft_symbol_name IF NOT EXISTS FOR (n:Symbol) ON EACH [n.searchText]
  OPTIONS { indexConfig: { `fulltext.analyzer`: 'standard-no-stop-words', `fulltext.eventually_consistent`: false } };
CREATE FULLTEXT INDEX ft_template_tag IF NOT EXISTS FOR (n:Usage|ContractComponent) ON EACH [n.searchText]
  OPTIONS { indexConfig: { `fulltext.analyzer`: 'standard-no-stop-words', `fulltext.eventually_consistent`: false } };
CREATE FULLTEXT INDEX ft_route_path IF NOT EXISTS FOR (n:Route) ON EACH [n.searchText]
  OPTIONS { indexConfig: { `fulltext.analyzer`: 'standard-no-stop-words', `fulltext.eventually_consistent`: false } };
CREATE FULLTEXT INDEX ft_endpoint_path IF NOT EXISTS FOR (n:Endpoint) ON EACH [n.searchText]
  OPTIONS { indexConfig: { `fulltext.analyzer`: 'standard-no-stop-words', `fulltext.eventually_consistent`: false } };
