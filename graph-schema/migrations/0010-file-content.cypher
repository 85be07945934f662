// 0010-file-content.cypher — the content lanes: what a file says, not only what it is named.
// Ingestion stores each File's text split into fields (src/text/file-text.ts): ftName (file name words),
// ftFolders (the 4 nearest folder names), ftIdents (identifiers, split on camel/kebab/snake case with the
// whole form kept), ftText (string literals, template text, literal attribute values), ftComments; each
// capped at 24,000 characters. ftRepo is one digit token naming the repository (src/text/repo-search-key.ts):
// queries require it, so one repository's ranking is not cut short by other repositories' hits.
// Two analyzers over the same text, two lanes:
// - ft_file_content: plain BM25 over path + content (standard tokenizer, lowercase, no stop words, no stemming);
// - ft_file_fields: the same text stemmed (Porter, English stop words) and queried with per-field boosts.
CREATE FULLTEXT INDEX ft_file_content IF NOT EXISTS FOR (n:File) ON EACH [n.ftRepo, n.searchText, n.ftIdents, n.ftText, n.ftComments]
  OPTIONS { indexConfig: { `fulltext.analyzer`: 'standard-no-stop-words', `fulltext.eventually_consistent`: true } };
CREATE FULLTEXT INDEX ft_file_fields IF NOT EXISTS FOR (n:File) ON EACH [n.ftRepo, n.ftName, n.ftFolders, n.ftIdents, n.ftText, n.ftComments]
  OPTIONS { indexConfig: { `fulltext.analyzer`: 'english', `fulltext.eventually_consistent`: true } };
