// 0011-ui-text.cypher — the ui-text lane (ingest/extractors/i18n/, src/retrieval/lanes/ui-text.lane.ts). (Numbered 0011, not
// 0009: databases that had applied 0010 before a 0009 existed would never apply it — the migrator only runs newer versions.)
// ft_ui_text searches what users read: TranslationKey values (`text`, the distinct values of a key in one resource file)
// and UiText (the static text of one template); `searchText` is listed but not set by ingestion today (key words matched
// in every locale file alike and crowded the top hits). `english` (Porter stemming + stop
// words) because this is prose; `ftRepo` is the repository's digit token (src/text/repo-search-key.ts) that the lane's
// query requires, so other repositories' hits cannot crowd this one's out. Eventually consistent like 0007: the ingest
// waits for the refresh. The two range indexes serve the link step (usages resolved by key or transloco scoped key).
CREATE FULLTEXT INDEX ft_ui_text IF NOT EXISTS FOR (n:TranslationKey|UiText) ON EACH [n.ftRepo, n.text, n.searchText]
  OPTIONS { indexConfig: { `fulltext.analyzer`: 'english', `fulltext.eventually_consistent`: true } };
CREATE INDEX translation_key_repo_key IF NOT EXISTS FOR (n:TranslationKey) ON (n.repoId, n.key);
CREATE INDEX translation_key_repo_scoped_key IF NOT EXISTS FOR (n:TranslationKey) ON (n.repoId, n.scopedKey);
