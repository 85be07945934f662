import type { Extractor } from '../../model/extractor.js';
import type { PropValue } from '../../model/facts.js';
import { ids } from '../../model/ids.js';
import { lexText } from '../../../src/text/lex-text.js';
import { addEdge, addEvent, upsertNode } from '../support/facts.js';
import { parseStencilContracts } from './stencil-contracts.js';

const PARSER = 'contracts';

/**
 * Web-component contracts from Stencil `components.d.ts` files: ContractComponent {tag,
 * interfaceName} -HAS_PROP-> Prop {name, typeText, required, kind} and -EMITS-> Event {name,
 * detailType}. Template usages reach them through USES_SELECTOR `contractTag` references.
 */
export const contractsExtractor: Extractor = {
  name: PARSER,
  appliesTo: (path) => /(^|\/)components\.d\.ts$/.test(path),
  extract(ctx, into) {
    let components;
    try {
      components = parseStencilContracts(ctx.path, ctx.text);
    } catch (error) {
      addEvent(into, PARSER, 'parse_error', `components.d.ts: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (components.length === 0) addEvent(into, PARSER, 'unsupported_syntax', 'no `namespace Components` interfaces found');
    for (const c of components) {
      const id = ids.contract(ctx.repoId, c.tag);
      upsertNode(into, {
        id, labels: ['ContractComponent'],
        props: { tag: c.tag, name: c.interfaceName, interfaceName: c.interfaceName, path: ctx.path, startLine: c.line, endLine: c.endLine, propCount: c.props.length, eventCount: c.events.length },
        searchText: lexText(c.tag, c.interfaceName),
      });
      for (const p of c.props) {
        const pid = ids.prop(ctx.repoId, c.tag, p.name);
        const props: Record<string, PropValue> = { name: p.name, tag: c.tag, typeText: p.typeText, required: p.required, kind: p.kind, path: ctx.path, startLine: p.line, endLine: p.endLine };
        if (p.doc) props.doc = p.doc;
        upsertNode(into, { id: pid, labels: ['Prop'], props });
        addEdge(into, { type: 'HAS_PROP', from: id, to: pid });
      }
      for (const e of c.events) {
        const eid = ids.event(ctx.repoId, c.tag, e.name);
        upsertNode(into, { id: eid, labels: ['Event'], props: { name: e.name, tag: c.tag, detailType: e.detailType, path: ctx.path, startLine: e.line, endLine: e.endLine } });
        addEdge(into, { type: 'EMITS', from: id, to: eid });
      }
    }
  },
};
