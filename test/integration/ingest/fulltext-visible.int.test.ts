import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTsProjectCache, ingestRepository, type TsProjectCache } from '../../../ingest/index.js';
import type { Graph } from '../../../src/graph/graph.js';
import { historyLane } from '../../../src/retrieval/lanes/history.lane.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { createGitRepo, type TempGitRepo } from '../../support/git-repo.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { fulltextFileHits } from '../../support/ingest-queries.js';
import { miniExtractors } from '../../support/mini-extractor.js';

const SERVICE = 'src/app/shared/order.service.ts';

// The full-text indexes are eventually consistent; a run returns only once they hold what it wrote
// (the wait starts when the facts commit and overlaps the policy, history and snapshot steps).
describe('full-text indexes after a run', () => {
  let graph: Graph;
  let repo: TempGitRepo;
  let cache: TsProjectCache;
  const repoId = testNamespace('fulltext-visible');
  const ingest = (changedPaths?: string[]) =>
    ingestRepository({ graph, root: repo.root, log: silentLogger, settings: { repoId }, extractors: miniExtractors, changedPaths, projectCache: cache, totals: false });
  const hits = async (term: string) => (await graph.read(fulltextFileHits, { repoId, term })).map((r) => r.path);

  beforeAll(async () => {
    graph = openTestGraph();
    repo = createGitRepo('graphgate-fulltext-visible-');
    repo.commit('scaffold', { [SERVICE]: 'export class OrderService {}\n' }, 1_700_000_000);
    cache = createTsProjectCache();
    await ingest();
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph.close();
    repo.remove();
  });

  it('find a word a watcher\'s one-file run just wrote, in every run of a burst', async () => {
    // Without the wait, one or more of these misses its word in most runs (the refresh lags the commit).
    for (const word of ['zebraquokka', 'okapinarwhal', 'axolotlpangolin', 'wombatcapybara', 'ibexmarmot', 'tapirlemur', 'dugongtarsier', 'numbatquoll']) {
      repo.write(SERVICE, `// ${word}\nexport class OrderService {}\n`);
      await ingest([SERVICE]);
      expect(await hits(word)).toEqual([SERVICE]);
    }
  });

  it('find a commit a run stored, with the file it changed', async () => {
    repo.commit('Quetzalcoatl caching for orders', { [SERVICE]: '// quetzal\nexport class OrderService {}\n' }, 1_700_000_100);
    const run = await ingest();
    expect(run.history.added).toBe(1);
    expect(await hits('quetzal')).toEqual([SERVICE]);
    const lane = await historyLane({ graph, repoId }, [], { prompt: 'Quetzalcoatl caching' });
    expect(JSON.stringify(lane)).toContain(SERVICE);
  });
});
