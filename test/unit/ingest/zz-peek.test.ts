import { it } from 'vitest';
import { loadWorkspace } from '../../support/extract-fixture.js';
import { templateExtractor } from '../../../ingest/extractors/templates/template.extractor.js';
import { navigationExtractor } from '../../../ingest/extractors/navigation/navigation.extractor.js';
import { agGridExtractor } from '../../../ingest/extractors/ag-grid/ag-grid.extractor.js';
const all = [templateExtractor, navigationExtractor, agGridExtractor];
it('peek', async () => {
  const ws = loadWorkspace();
  const extra = process.env.PEEK_EX ? (await import(process.env.PEEK_EX)) : {};
  const exs = process.env.PEEK_EX ? Object.values(extra) as typeof all : all;
  for (const p of (process.env.PEEK ?? '').split(',')) {
    const f = ws.extract(p, exs);
    const out: string[] = [`== ${p}`];
    for (const n of f.nodes) { const { path: _p, ...rest } = n.props; out.push(`N ${n.labels.join(':')} ${n.id.replace(p, '@')} ${JSON.stringify(rest)}`); }
    for (const e of f.edges) out.push(`E ${e.type} ${e.from.replace(p, '@')} -> ${e.to.replace(p, '@')} ${e.props ? JSON.stringify(e.props) : ''}`);
    for (const r of f.refs) out.push(`R ${r.type} ${r.from.replace(p, '@')} -> ${JSON.stringify(r.target)}`);
    for (const ev of f.events) out.push(`V ${ev.kind} ${ev.line} ${ev.message}`);
    console.log(out.join('\n'));
  }
});
