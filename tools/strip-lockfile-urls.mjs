// Removes npm's `funding` links from package-lock.json: the repository keeps no addresses in its
// lockfile (npm resolves packages by name; this machine's npm already omits `resolved`).
// Run after `npm install` changed the lockfile: `npm run lockfile:strip`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
let removed = 0;
for (const pkg of Object.values(lock.packages ?? {})) {
  if (pkg.funding !== undefined) {
    delete pkg.funding;
    removed += 1;
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: removed ${removed} funding link(s)`);
