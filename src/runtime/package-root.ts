import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/** Absolute path of the graphgate package (the folder holding package.json, cypher/ and graph-schema/). */
export function packageRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) || !existsSync(join(dir, 'cypher'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('graphgate package root not found');
    dir = parent;
  }
  cached = dir;
  return dir;
}

export interface PackageManifest {
  version: string;
  engines: { node: string };
  dependencies?: Record<string, string>;
}

let manifest: PackageManifest | undefined;

/** graphgate's own package.json, read once. */
export function packageManifest(): PackageManifest {
  manifest ??= JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as PackageManifest;
  return manifest;
}
