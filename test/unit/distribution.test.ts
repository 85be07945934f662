import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyDistribution } from '../../src/graph/local-neo4j/distribution.js';
import { NEO4J_VERSION, localLayout, type LocalLayout } from '../../src/graph/local-neo4j/layout.js';

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

describe('verifyDistribution (the cached server jars)', () => {
  let home: string;
  let layout: LocalLayout;
  const previousHome = process.env.GRAPHGATE_HOME;

  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'gg-dist-'));
    process.env.GRAPHGATE_HOME = home;
    layout = localLayout('default');
    mkdirSync(layout.libDir, { recursive: true });
    mkdirSync(layout.pluginsDir, { recursive: true });
    writeFileSync(join(layout.libDir, 'a.jar'), 'aaa');
    writeFileSync(join(layout.pluginsDir, 'apoc-core.jar'), 'apoc');
    const manifest = {
      version: NEO4J_VERSION,
      files: { 'lib/a.jar': { size: 3, sha256: sha('aaa') }, 'plugins/apoc-core.jar': { size: 4, sha256: sha('apoc') } },
    };
    writeFileSync(layout.manifestFile, JSON.stringify(manifest));
  });

  afterEach(() => {
    if (previousHome === undefined) delete process.env.GRAPHGATE_HOME;
    else process.env.GRAPHGATE_HOME = previousHome;
    rmSync(home, { recursive: true, force: true });
  });

  it('accepts a complete, intact cache', async () => {
    expect(await verifyDistribution(layout)).toEqual({ ok: true });
  });

  it('detects a corrupted jar of the same size', async () => {
    writeFileSync(join(layout.libDir, 'a.jar'), 'aab');
    expect(await verifyDistribution(layout)).toEqual({ ok: false, problem: 'lib/a.jar is corrupt' });
  });

  it('detects a truncated (partial) jar', async () => {
    writeFileSync(join(layout.pluginsDir, 'apoc-core.jar'), 'ap');
    expect((await verifyDistribution(layout)).ok).toBe(false);
  });

  it('detects a missing or an extra jar', async () => {
    rmSync(join(layout.libDir, 'a.jar'));
    expect(await verifyDistribution(layout)).toEqual({ ok: false, problem: 'jar set differs from manifest' });
    writeFileSync(join(layout.libDir, 'a.jar'), 'aaa');
    writeFileSync(join(layout.libDir, 'extra.jar'), 'x');
    expect(await verifyDistribution(layout)).toEqual({ ok: false, problem: 'jar set differs from manifest' });
  });

  it('treats a missing or unreadable manifest as not fetched', async () => {
    writeFileSync(layout.manifestFile, '{not json');
    expect(await verifyDistribution(layout)).toEqual({ ok: false, problem: 'manifest unreadable' });
    rmSync(layout.manifestFile);
    expect(await verifyDistribution(layout)).toEqual({ ok: false, problem: 'no manifest (not fetched yet)' });
  });

  it('rejects an instance name that could escape the cache folder', () => {
    expect(() => localLayout('../evil')).toThrow(/invalid instance name/);
  });
});
