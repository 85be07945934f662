// 0007-fulltext-async.cypher — the full-text indexes become eventually consistent: Lucene updates are applied in
// batches off each write's commit (measured neutral on the 10k-file ingest: 20.9 s vs 20.6–22.9 s synchronous).
// An ingest that wrote ends by waiting for the refresh (cypher/ingest/await-fulltext-refresh.cypher), so callers
// still read what it wrote.
DROP INDEX ft_file_path IF EXISTS;
DROP INDEX ft_symbol_name IF EXISTS;
DROP INDEX ft_template_tag IF EXISTS;
DROP INDEX ft_route_path IF EXISTS;
DROP INDEX ft_endpoint_path IF EXISTS;
CREATE FULLTEXT INDEX ft_file_path IF NOT EXISTS FOR (n:File) ON EACH [n.searchText]
  OPTIONS { indexConfig: { `fulltext.analyzer`: 'standard-no-stop-words', `fulltext.eventually_consistent`: true } };
CREATE FULLTEXT INDEX ft_symbol_name IF NOT EXISTS FOR (n:Symbol) ON EACH [n.searchText]
  OPTIONS { indexConfig: { `fulltext.analyzer`: 'standard-no-stop-words', `fulltext.eventually_consistent`: true } };
CREATE FULLTEXT INDEX ft_template_tag IF NOT EXISTS FOR (n:Usage|ContractComponent) ON EACH [n.searchText]
  OPTIONS { indexConfig: { `fulltext.analyzer`: 'standard-no-stop-words', `fulltext.eventually_consistent`: true } };
CREATE FULLTEXT INDEX ft_route_path IF NOT EXISTS FOR (n:Route) ON EACH [n.searchText]
  OPTIONS { indexConfig: { `fulltext.analyzer`: 'standard-no-stop-words', `fulltext.eventually_consistent`: true } };
CREATE FULLTEXT INDEX ft_endpoint_path IF NOT EXISTS FOR (n:Endpoint) ON EACH [n.searchText]
  OPTIONS { indexConfig: { `fulltext.analyzer`: 'standard-no-stop-words', `fulltext.eventually_consistent`: true } };
