/** `.ai/config/repo.json` as `graphgate init` first writes it: every key commented out, each explained. */
export const REPO_CONFIG = `// graphgate settings for this repository: JSON with // comments. Every key is optional (the shipped
// defaults apply); GRAPHGATE_* environment variables override this file; env.local.json (not
// committed) overrides it per machine. Uncomment what you change.
{
  // "repo": { "id": "my-app" },                        stable id in the graph (default: from the git remote)
  // "mcp": { "autoIngest": true, "watch": true },       the MCP server ingests and watches this repository itself
  // "locks": { "overlapPolicy": "reject", "leaseSeconds": 900 },  two works planning the same files
  // "budget": { "maxTokens": 100000, "thresholdPercent": 0.6 },  token budget of one work
  // "gates": { "commitGates": {} }                       commands a plan's gates run before git_commit
}
`;

/** `.ai/README.md`: what each folder is for. */
export const AI_README = `# .ai — graphgate's folder in this repository

- \`config/repo.json\` — settings (commented); \`config/env.local.json\` — per-machine overrides, not committed.
- \`graph/seed/*.jsonl\` — curated policies, migration rules and lexeme aliases, loaded on ingest.
- \`memory/overrides/*.json\` — memory corrections a person makes; applied on the next \`initialize_work\`.
- \`inbox/\` — files (tickets, screenshots) the next \`initialize_work\` attaches to its work.
- \`tmp/\` — work folders, packs and artifacts; ignored by git.
`;
