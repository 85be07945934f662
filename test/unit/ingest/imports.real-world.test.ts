import { describe, expect, it } from 'vitest';
import { typescriptExtractor } from '../../../ingest/extractors/typescript/index.js';
import { ids } from '../../../ingest/model/ids.js';
import { memoryWorkspace, REPO_ID } from '../../support/extract-fixture.js';

describe('typescript extractor: imports of workspace aliases whose target is missing', () => {
  it('keys the file reference by the mapped path, not the alias', () => {
    const ws = memoryWorkspace(
      {
        'apps/web/src/main.ts': "import { Header } from '@acme/shared/header';\nimport { Grid } from '@acme/ui-grid';\nimport { of } from 'rxjs';\nexport const used = [Header, Grid, of];",
      },
      { baseUrl: '/repo', paths: { '@acme/shared/header': ['libs/shared/header/src/index.ts'], '@acme/*': ['libs/*/src/public-api.ts'] } },
    );
    const facts = ws.extract('apps/web/src/main.ts', [typescriptExtractor]);
    const from = ids.file(REPO_ID, 'apps/web/src/main.ts');
    expect(facts.refs.filter((r) => r.type === 'IMPORTS').map((r) => [r.from, r.target, r.props?.specifier])).toEqual([
      [from, { kind: 'file', path: 'libs/shared/header/src/index.ts' }, '@acme/shared/header'],
      [from, { kind: 'file', path: 'libs/ui-grid/src/public-api.ts' }, '@acme/ui-grid'],
    ]);
  });
});
