import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { subset } from 'semver';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/runtime/package-root.js';

describe('package-lock.json', () => {
  const text = readFileSync(join(packageRoot(), 'package-lock.json'), 'utf8');
  const lock = JSON.parse(text) as { packages: Record<string, { version?: string; dev?: boolean; engines?: { node?: string } }> };
  const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { engines: { node: string }; overrides: Record<string, string> };

  it('records no addresses: packages resolve by name (after npm install, run npm run lockfile:strip)', () => {
    expect(text).not.toMatch(/"resolved"\s*:/);
    expect(text.match(/[a-z]+:\/\/[^"\s]*/gi) ?? []).toEqual([]);
  });

  it('holds only runtime packages that support every Node version package.json engines admits', () => {
    const runtime = Object.entries(lock.packages).filter(([path, entry]) => path !== '' && !entry.dev);
    expect(runtime.length).toBeGreaterThan(100);
    const narrower = runtime
      .filter(([, entry]) => entry.engines?.node !== undefined && !subset(pkg.engines.node, entry.engines.node))
      .map(([path, entry]) => `${path}@${entry.version}: node ${entry.engines?.node}`);
    expect(narrower).toEqual([]);
  });

  it('holds the versions package.json overrides pin, wherever they are installed', () => {
    for (const [name, version] of Object.entries(pkg.overrides)) {
      const installed = Object.entries(lock.packages).filter(([path]) => path.endsWith(`node_modules/${name}`));
      expect(installed.length, name).toBeGreaterThan(0);
      for (const [path, entry] of installed) expect(`${path}@${entry.version}`).toBe(`${path}@${version}`);
    }
  });
});
