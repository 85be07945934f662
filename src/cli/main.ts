#!/usr/bin/env node
import nodeModule from 'node:module';

// Node 22.8+ keeps the compiled code of loaded modules in a disk cache across runs. Enabled here, before
// the program is imported, so the cache also covers what the program imports statically (the driver,
// zod, commander, our modules), not only what commands load later (ts-morph, TypeScript). Node 20 has none.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

await import('./program.js');
