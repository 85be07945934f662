import { describe, expect, it } from 'vitest';
import { warmSamples } from '../../../ingest/pipeline/warm-extractors.js';

describe('warmSamples', () => {
  it('takes the first held file of each Angular role, then the first component template beside it', () => {
    const held = [
      'src/app/b/b.component.ts', 'src/app/a/a.component.ts', 'src/app/app-routing.module.ts', 'src/app/app.module.ts',
      'src/app/a/a.service.ts', 'src/app/a/a.pipe.ts', 'src/app/a/a.component.spec.ts', 'src/main.ts', 'src/app/feature/feature.routes.ts',
    ];
    const known = new Set([...held, 'src/app/a/a.component.html', 'src/app/b/b.component.html']);
    expect(warmSamples(held, known)).toEqual([
      'src/app/app-routing.module.ts', // routing: the first in path order (before feature.routes.ts)
      'src/app/app.module.ts', // the routing module is taken already: the next module
      'src/app/a/a.component.ts',
      'src/app/a/a.service.ts',
      'src/app/a/a.pipe.ts',
      'src/app/a/a.component.spec.ts',
      'src/app/a/a.component.html',
    ]);
  });

  it('skips roles the project does not hold and a template that does not exist', () => {
    expect(warmSamples(['libs/x/x.component.ts', 'libs/x/index.ts'], new Set(['libs/x/x.component.ts', 'libs/x/index.ts']))).toEqual(['libs/x/x.component.ts']);
    expect(warmSamples([], new Set())).toEqual([]);
  });
});
