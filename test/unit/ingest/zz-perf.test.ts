import { it } from 'vitest';
import { rmSync } from 'node:fs';
import { generateWorkspace } from '../../../bench/ingest/generate-workspace.js';
import { angularExtractor } from '../../../ingest/extractors/angular/index.js';
import { routesExtractor } from '../../../ingest/extractors/routes/index.js';
import { typescriptExtractor } from '../../../ingest/extractors/typescript/index.js';
import { loadWorkspace } from '../../support/extract-fixture.js';
it('perf', () => {
  const dir = '/tmp/gg-perf-ws';
  rmSync(dir, { recursive: true, force: true });
  generateWorkspace(dir, { features: 30, componentsPerFeature: 30, servicesPerFeature: 8, modelsPerFeature: 4, specsPerFeature: 10, stylesPerFeature: 10 } as never);
  let t = performance.now();
  const ws = loadWorkspace(dir);
  const files = ws.project.getSourceFiles().map((f) => f.getFilePath().slice(dir.length + 1));
  console.log('load', files.length, 'ts files', Math.round(performance.now() - t), 'ms');
  t = performance.now(); ws.project.getProgram().compilerObject; console.log('program', Math.round(performance.now() - t)); t = performance.now(); ws.project.getTypeChecker().compilerObject; console.log('checker', Math.round(performance.now() - t));
  for (const ex of [typescriptExtractor, angularExtractor, routesExtractor]) {
    t = performance.now();
    let n = 0, e = 0;
    for (const p of files) { const f = ws.extract(p, [ex]); n += f.nodes.length + f.edges.length; e += f.events.length; }
    console.log(ex.name, Math.round(performance.now() - t), 'ms', n, 'facts', e, 'events');
  }
}, 600000);
