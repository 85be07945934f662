import { defineConfig } from 'vitest/config';

// Three tiers (README.md "Tests"): unit tests never touch Neo4j; integration and e2e tests always use a
// real one, provided once per run by test/support/global-setup.ts. The few e2e files that restart or
// kill servers and run for minutes each form a fourth project, `slow` (`npm run test:slow`, one file at a time).
const SLOW = [
  'test/e2e/db-cli.e2e.test.ts',
  'test/e2e/ingest-neo4j-crash.e2e.test.ts',
  'test/e2e/soak.e2e.test.ts',
  'test/e2e/crash-recovery.e2e.test.ts',
  'test/e2e/memory-restart.e2e.test.ts',
];
// No `graphgate ingest` a test runs starts a daemon on its own (src/daemon/spawn.ts); the daemon e2e test asks for one.
// The extraction cache is off (GRAPHGATE_EXTRACTION_CACHE_MB=0): a tree ingested by an earlier run of the suite
// would otherwise skip the parsers in the next; test/integration/ingest/extraction-cache.int.test.ts turns it on.
const env = { GRAPHGATE_DAEMON: 'off', GRAPHGATE_EXTRACTION_CACHE_MB: '0' };
const e2e = { globalSetup: ['test/support/global-setup.ts'], testTimeout: 120_000, hookTimeout: 180_000, env };

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], env } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.int.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          env,
        },
      },
      { test: { name: 'e2e', include: ['test/e2e/**/*.e2e.test.ts'], exclude: SLOW, ...e2e } },
      { test: { name: 'slow', include: SLOW, ...e2e } },
    ],
  },
});
