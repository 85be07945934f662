import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localLayout, type LocalLayout } from '../../../src/graph/local-neo4j/layout.js';
import { ensurePassword } from '../../../src/graph/local-neo4j/server-config.js';
import { findJava, setInitialPassword } from '../../../src/graph/local-neo4j/server-process.js';

/** Neo4j's stored credential: SHA-256 of salt + password, hashed again to 1024 iterations. */
function neo4jHash(password: string, saltHex: string): string {
  let digest = createHash('sha256').update(Buffer.from(saltHex, 'hex')).update(password, 'utf8').digest();
  for (let i = 1; i < 1024; i++) digest = createHash('sha256').update(digest).digest();
  return digest.toString('hex');
}

// The real neo4j-admin of the distribution the suite's server runs from, on a scratch instance folder.
describe('the initial password of a local instance (real neo4j-admin)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gg-initial-password-'));
  const shared = localLayout('test');
  const layout: LocalLayout = { ...shared, instanceName: 'scratch', instanceDir: dir, confDir: join(dir, 'conf'), dataDir: join(dir, 'data'), passwordFile: join(dir, 'password') };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is generated as hex, so it never begins with a dash', async () => {
    const { password, created } = await ensurePassword(layout);
    expect(created).toBe(true);
    expect(password).toMatch(/^[0-9a-f]{36}$/);
  });

  it('is stored exactly, also when an older password file begins with a dash (read as an option before)', async () => {
    const password = '-Uz8t4XjJCrOVvQTthBBw_4T';
    await setInitialPassword(layout, await findJava(), password);
    const [user, hashed] = readFileSync(join(layout.dataDir, 'dbms', 'auth.ini'), 'utf8').trim().split(':');
    const [algorithm, hash, salt, iterations] = (hashed ?? '').split(',');
    expect({ user, algorithm, iterations }).toEqual({ user: 'neo4j', algorithm: 'SHA-256', iterations: '1024' });
    expect(hash).toBe(neo4jHash(password, salt ?? ''));
  }, 60_000);
});
