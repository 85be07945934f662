import { identifyRepo } from '../../ingest/pipeline/repo-identity.js';
import { resolveSettings } from '../../ingest/pipeline/settings.js';
import type { Config } from './config.schema.js';

/** The repository's id in the graph: configured (repo.id, GRAPHGATE_REPO_ID, ingest.json), else derived the way ingestion derives it. */
export async function resolveRepoId(repoRoot: string, config: Config): Promise<string> {
  return config.repo.id ?? (await identifyRepo(repoRoot, resolveSettings(repoRoot).repoId)).repoId;
}
