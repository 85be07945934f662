// Removes npm's `funding` links from the repository's lockfiles: the repository keeps no addresses in
// its lockfiles (npm resolves packages by name; this machine's npm already omits `resolved`).
// Run after `npm install` changed a lockfile: `npm run lockfile:strip` (the root one and the
// benchmark's Compodoc one), or `node tools/strip-lockfile-urls.mjs <path/to/package-lock.json>…`.
import { readFileSync, writeFileSync } from 'node:fs';

const defaults = ['../package-lock.json', '../bench/ingest/compodoc/package-lock.json'].map((p) => new URL(p, import.meta.url));
const files = process.argv.length > 2 ? process.argv.slice(2) : defaults;
for (const file of files) {
  const lock = JSON.parse(readFileSync(file, 'utf8'));
  let removed = 0;
  for (const pkg of Object.values(lock.packages ?? {})) {
    if (pkg.funding !== undefined) {
      delete pkg.funding;
      removed += 1;
    }
  }
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`${file instanceof URL ? file.pathname : file}: removed ${removed} funding link(s)`);
}
