import { it } from 'vitest';
import { loadWorkspace } from '../../support/extract-fixture.js';
import { templateExtractor } from '../../../ingest/extractors/templates/template.extractor.js';
import { navigationExtractor } from '../../../ingest/extractors/navigation/navigation.extractor.js';
import { agGridExtractor } from '../../../ingest/extractors/ag-grid/ag-grid.extractor.js';
import { federationExtractor } from '../../../ingest/extractors/federation/federation.extractor.js';
import { remoteLoadExtractor } from '../../../ingest/extractors/federation/remote-load.extractor.js';
import { contractsExtractor } from '../../../ingest/extractors/contracts/contracts.extractor.js';
import { openApiExtractor } from '../../../ingest/extractors/openapi/openapi.extractor.js';
import { endpointCallsExtractor } from '../../../ingest/extractors/openapi/endpoint-calls.extractor.js';
import { testFileExtractor } from '../../../ingest/extractors/tests/test-file.extractor.js';
const all = [templateExtractor, navigationExtractor, agGridExtractor, federationExtractor, remoteLoadExtractor, contractsExtractor, openApiExtractor, endpointCallsExtractor, testFileExtractor];
it('peek', async () => {
  const ws = loadWorkspace();
  for (const p of (process.env.PEEK ?? '').split(',')) {
    const f = ws.extract(p, all);
    const out: string[] = [`== ${p}`];
    for (const n of f.nodes) { const { path: _p, ...rest } = n.props; out.push(`N ${n.labels.join(':')} ${n.id.replace(p, '@')} ${JSON.stringify(rest)}`); }
    for (const e of f.edges) out.push(`E ${e.type} ${e.from.replace(p, '@')} -> ${e.to.replace(p, '@')} ${e.props ? JSON.stringify(e.props) : ''}`);
    for (const r of f.refs) out.push(`R ${r.type} ${r.from.replace(p, '@')} -> ${JSON.stringify(r.target)} ${r.props ? JSON.stringify(r.props) : ''}`);
    for (const ev of f.events) out.push(`V ${ev.kind} ${ev.line} ${ev.message}`);
    console.log(out.join('\n'));
  }
});
