import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Part of the extraction cache's key (extraction-cache.ts): which code extracted an entry.

let fingerprint: string | undefined;

/** graphgate's own modules that decide what a file's cached facts and text are. */
const CODE_FOLDERS = ['ingest/extractors', 'ingest/model', 'ingest/pipeline', 'ingest/write', 'src/text'];
/** The parsers those modules use: an upgrade may parse the same text differently. */
const PARSERS = ['ts-morph', '@angular/compiler'];

/**
 * A digest of the code that extraction runs: every module of CODE_FOLDERS (as this process loads them)
 * and the installed versions of the parsers. An entry made by other code is never read, even when
 * FACTS_VERSION was not bumped; any change to the ingest code empties the cache, on purpose.
 */
export function extractorsFingerprint(): string {
  if (fingerprint) return fingerprint;
  const hash = createHash('sha256');
  const top = fileURLToPath(new URL('../..', import.meta.url));
  for (const folder of CODE_FOLDERS) {
    const base = join(top, folder);
    const files = (readdirSync(base, { recursive: true }) as string[]).filter((p) => /\.(?:js|ts)$/.test(p) && !p.endsWith('.d.ts')).sort();
    for (const file of files) hash.update(`${folder}/${file}\0`).update(readFileSync(join(base, file))).update('\0');
  }
  for (const name of PARSERS) hash.update(`${name}@${installedVersion(name)}\0`);
  fingerprint = hash.digest('hex').slice(0, 16);
  return fingerprint;
}

/** The version of an installed package: the package.json above its entry point ('unknown' when not found). */
function installedVersion(name: string): string {
  try {
    let at = dirname(fileURLToPath(import.meta.resolve(name)));
    for (let up = 0; up < 6; up++, at = dirname(at)) {
      try {
        const pkg = JSON.parse(readFileSync(join(at, 'package.json'), 'utf8')) as { name?: string; version?: string };
        if (pkg.name === name) return pkg.version ?? 'unknown';
      } catch {
        // No package.json at this level.
      }
    }
  } catch {
    // Not resolvable from here.
  }
  return 'unknown';
}
