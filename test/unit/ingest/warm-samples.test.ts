import { describe, expect, it } from 'vitest';
import { warmSamples } from '../../../ingest/pipeline/warm-extractors.js';

describe('warmSamples', () => {
  it('takes the largest and the median-sized held file of each Angular role, then the sampled components\' templates', () => {
    const sizes = new Map<string, number>([
      ['src/app/a/a.component.ts', 900], ['src/app/b/b.component.ts', 300], ['src/app/c/c.component.ts', 5_000],
      ['src/app/app-routing.module.ts', 800], ['src/app/feature/feature.routes.ts', 200], ['src/app/app.module.ts', 1_200],
      ['src/app/a/a.service.ts', 700], ['src/app/a/a.pipe.ts', 100], ['src/app/a/a.component.spec.ts', 2_000], ['src/main.ts', 400],
    ]);
    const known = new Set([...sizes.keys(), 'src/app/a/a.component.html', 'src/app/c/c.component.html']);
    expect(warmSamples(sizes.keys(), known, (path) => sizes.get(path))).toEqual([
      'src/app/app-routing.module.ts', // routing: the largest, then the median of two (the smaller)
      'src/app/feature/feature.routes.ts',
      'src/app/app.module.ts', // the routing module is taken already: the only module left
      'src/app/c/c.component.ts', // components: the largest, then the median of three
      'src/app/a/a.component.ts',
      'src/app/a/a.service.ts',
      'src/app/a/a.pipe.ts',
      'src/app/a/a.component.spec.ts',
      'src/app/c/c.component.html', // the sampled components' templates that exist (b's is not sampled)
      'src/app/a/a.component.html',
    ]);
  });

  it('skips files not held, files too large to sample, roles the project does not hold and templates that do not exist', () => {
    const sizes = new Map([['libs/x/x.component.ts', 500], ['libs/x/index.ts', 50], ['libs/x/huge.service.ts', 400_000]]);
    expect(warmSamples([...sizes.keys(), 'libs/x/gone.pipe.ts'], new Set(sizes.keys()), (path) => sizes.get(path))).toEqual(['libs/x/x.component.ts']);
    expect(warmSamples([], new Set(), () => 0)).toEqual([]);
  });
});
