import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { promisify } from 'node:util';
import { satisfies } from 'semver';
import { findJava, findMaven } from '../graph/local-neo4j/prerequisites.js';
import { localLayout } from '../graph/local-neo4j/index.js';
import { packageManifest } from '../runtime/package-root.js';
import { bounded, type Check } from './check.js';

const run = promisify(execFile);
const MIN_FREE_BYTES = 2 * 1024 ** 3;

/**
 * A Node outside package.json's `engines` fails (the range every runtime dependency supports,
 * test/unit/lockfile.test.ts); 20 is end-of-life, so it only warns.
 */
export function nodeCheck(version = process.versions.node): Check {
  const supported = packageManifest().engines.node;
  if (!satisfies(version, supported)) return { id: 'node', status: 'fail', summary: `Node ${version}; graphgate needs Node ${supported}`, fix: 'install Node 22 or 24 (LTS)' };
  if (version.startsWith('20.')) return { id: 'node', status: 'warn', summary: `Node ${version} (end-of-life since April 2026)`, fix: 'move to Node 22 or 24 (LTS)' };
  return { id: 'node', status: 'ok', summary: `Node ${version}` };
}

/** Where a Chromium for the browser tests is (CHROMIUM_PATH, else Debian's /usr/bin/chromium). */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/**
 * Java and Maven matter only for the local Neo4j (Maven once, to fetch the jars); with NEO4J_URI set
 * their absence is a warning. Chromium is needed by the browser tests only.
 */
export async function machineChecks(options: { usesLocalNeo4j: boolean }): Promise<Check[]> {
  const severity = options.usesLocalNeo4j ? 'fail' : 'warn';
  const layout = localLayout();
  const jarsFetched = existsSync(layout.manifestFile);
  const checks: Check[] = [nodeCheck()];
  checks.push(...(await bounded('java', 20_000, async () => {
    try {
      const java = await findJava();
      return { id: 'java', status: 'ok', summary: java.versionLine };
    } catch (error) {
      return { id: 'java', status: severity, summary: 'Java 17+ not found', fix: 'apt-get install openjdk-17-jre-headless (or set JAVA_HOME)' };
    }
  })));
  checks.push(...(await bounded('maven', 30_000, async () => {
    try {
      await findMaven();
      const { stdout } = await run(process.env.MAVEN_CMD ?? 'mvn', ['-v'], { timeout: 25_000 });
      return { id: 'maven', status: 'ok', summary: stdout.split('\n')[0]?.replace(/\x1b\[[0-9;]*m/g, '').trim() ?? 'Maven' };
    } catch {
      // Once the jars are in the cache, Maven is not needed any more.
      const status = jarsFetched ? 'ok' : severity;
      return { id: 'maven', status, summary: jarsFetched ? 'not found (not needed: the Neo4j jars are cached)' : 'not found', ...(status === 'ok' ? {} : { fix: 'apt-get install maven' }) };
    }
  })));
  checks.push(await diskCheck(layout.home));
  checks.push(chromiumCheck());
  return checks;
}

async function diskCheck(home: string): Promise<Check> {
  let dir = home;
  while (!existsSync(dir) && dir !== '/') dir = dir.slice(0, dir.lastIndexOf('/')) || '/';
  const fs = await statfs(dir);
  const free = fs.bavail * fs.bsize;
  const gb = (free / 1024 ** 3).toFixed(1);
  if (free < MIN_FREE_BYTES) return { id: 'disk', status: 'warn', summary: `${gb} GB free under ${dir}`, fix: `free space or set GRAPHGATE_HOME to a larger disk (the Neo4j jars and data need ~2 GB)` };
  return { id: 'disk', status: 'ok', summary: `${gb} GB free under ${dir}` };
}

function chromiumCheck(): Check {
  const path = chromiumPath();
  try {
    accessSync(path, constants.X_OK);
    return { id: 'chromium', status: 'ok', summary: path };
  } catch {
    return { id: 'chromium', status: 'warn', summary: `${path} not found (only the browser tests need it)`, fix: 'apt-get install chromium' };
  }
}
