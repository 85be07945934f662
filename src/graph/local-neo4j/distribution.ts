import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AppError } from '../../errors/index.js';
import { packageRoot } from '../../runtime/package-root.js';
import type { Logger } from '../../runtime/logger.js';
import { NEO4J_VERSION, type LocalLayout } from './layout.js';
import { findMaven } from './prerequisites.js';

const run = promisify(execFile);

interface Manifest {
  version: string;
  files: Record<string, { size: number; sha256: string }>;
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function listJars(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  return (await readdir(dir)).filter((f) => f.endsWith('.jar')).sort();
}

/** Checks every jar of the cached distribution against its manifest (size and SHA-256). */
export async function verifyDistribution(layout: LocalLayout): Promise<{ ok: boolean; problem?: string }> {
  if (!existsSync(layout.manifestFile)) return { ok: false, problem: 'no manifest (not fetched yet)' };
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(layout.manifestFile, 'utf8')) as Manifest;
  } catch {
    return { ok: false, problem: 'manifest unreadable' };
  }
  if (manifest.version !== NEO4J_VERSION) return { ok: false, problem: `manifest is for ${manifest.version}` };
  const present = [...(await listJars(layout.libDir)).map((f) => `lib/${f}`), ...(await listJars(layout.pluginsDir)).map((f) => `plugins/${f}`)];
  const expected = Object.keys(manifest.files).sort();
  if (present.sort().join('\n') !== expected.join('\n')) return { ok: false, problem: 'jar set differs from manifest' };
  for (const [rel, meta] of Object.entries(manifest.files)) {
    const file = join(layout.distDir, rel);
    const info = await stat(file);
    if (info.size !== meta.size || (await sha256(file)) !== meta.sha256) return { ok: false, problem: `${rel} is corrupt` };
  }
  return { ok: true };
}

/**
 * Makes sure the Neo4j server jars are in the cache: verifies what is there and, when missing or
 * corrupt, resolves them again through Maven (checksums enforced) into a temp folder that is then
 * moved into place, so an interrupted fetch never leaves a half-populated distribution.
 */
export async function ensureDistribution(layout: LocalLayout, log: Logger): Promise<{ fetched: boolean }> {
  const check = await verifyDistribution(layout);
  if (check.ok) return { fetched: false };
  if (existsSync(layout.distDir)) log.warn('re-fetching the Neo4j distribution', { reason: check.problem });
  const maven = await findMaven();
  const staging = `${layout.distDir}.partial-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(join(staging, 'plugins'), { recursive: true });
  const pom = join(packageRoot(), 'src', 'graph', 'local-neo4j', 'neo4j-server.pom.xml');
  log.info('resolving Neo4j server jars through Maven', { version: NEO4J_VERSION });
  try {
    await run(maven, ['-B', '-q', '--strict-checksums', '-f', pom, 'dependency:copy-dependencies',
      `-DoutputDirectory=${join(staging, 'lib')}`, '-DincludeScope=runtime'], { timeout: 20 * 60_000, maxBuffer: 32 << 20 });
  } catch (cause) {
    await rm(staging, { recursive: true, force: true });
    const output = String((cause as { stdout?: string }).stdout ?? '').split('\n').filter((l) => l.includes('ERROR')).slice(0, 3).join(' ');
    throw new AppError('PROVISION_FAILED', {
      message: `Maven could not resolve the Neo4j ${NEO4J_VERSION} server jars. Check that Maven Central is reachable ` +
        `(or configure a mirror in ~/.m2/settings.xml), or set NEO4J_URI to use an existing server. ${output}`.trim(),
      cause,
    });
  }
  // Procedures load from the plugins folder only, so APOC moves there.
  for (const jar of await listJars(join(staging, 'lib'))) {
    if (jar.startsWith('apoc-')) await rename(join(staging, 'lib', jar), join(staging, 'plugins', jar));
  }
  const manifest: Manifest = { version: NEO4J_VERSION, files: {} };
  for (const sub of ['lib', 'plugins']) {
    for (const jar of await listJars(join(staging, sub))) {
      const file = join(staging, sub, jar);
      manifest.files[`${sub}/${jar}`] = { size: (await stat(file)).size, sha256: await sha256(file) };
    }
  }
  await writeFile(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await rm(layout.distDir, { recursive: true, force: true });
  try {
    await rename(staging, layout.distDir);
  } catch (cause) {
    // Another process may have finished the same fetch first; its copy is fine if it verifies.
    await rm(staging, { recursive: true, force: true });
    if (!(await verifyDistribution(layout)).ok) throw new AppError('PROVISION_FAILED', { cause });
  }
  return { fetched: true };
}
