import type { Extractor } from '../../ingest/model/extractor.js';
import { ids } from '../../ingest/model/ids.js';

/**
 * A deliberately tiny, line-based extractor for pipeline tests: it produces nodes, intra-file
 * edges, cross-file edges and every reference kind from a toy syntax, so the writer, the linker
 * and incremental replacement are tested without depending on the real extractors.
 */
const lineOf = (text: string, index: number): number => text.slice(0, index).split('\n').length;

export const miniTsExtractor: Extractor = {
  name: 'mini-ts',
  appliesTo: (path) => path.endsWith('.ts') && !path.endsWith('.d.ts'),
  extract(ctx, into) {
    if (ctx.text.includes('@@broken@@')) throw new SyntaxError('mini-ts cannot parse this file');
    const fileId = ids.file(ctx.repoId, ctx.path);
    for (const m of ctx.text.matchAll(/export class (\w+)/g)) {
      const id = ids.symbol(ctx.repoId, ctx.path, m[1] as string);
      const line = lineOf(ctx.text, m.index);
      const selector = /selector:\s*'([^']+)'/.exec(ctx.text)?.[1];
      const templateUrl = /templateUrl:\s*'\.\/([^']+)'/.exec(ctx.text)?.[1];
      const dir = ctx.path.split('/').slice(0, -1).join('/');
      const props: Record<string, string | number> = { name: m[1] as string, kind: 'class', startLine: line, endLine: line };
      if (selector) props.selector = selector;
      if (templateUrl) props.templateTags = (ctx.readRepoFile(`${dir}/${templateUrl}`)?.match(/<[a-z][\w-]*/g) ?? []).length;
      into.nodes.push({ id, labels: selector ? ['Symbol', 'Component'] : ['Symbol'], props, searchText: m[1] });
      into.edges.push({ type: 'DEFINES', from: fileId, to: id });
      if (templateUrl) into.edges.push({ type: 'TEMPLATES', from: id, to: ids.file(ctx.repoId, `${dir}/${templateUrl}`) });
      for (const inj of ctx.text.matchAll(/inject\((\w+)\)/g)) into.refs.push({ type: 'INJECTS', from: id, target: { kind: 'symbol', name: inj[1] as string } });
    }
    for (const m of ctx.text.matchAll(/from '(\.[^']+)'/g)) {
      const dir = ctx.path.split('/').slice(0, -1);
      const parts = [...dir];
      for (const seg of (m[1] as string).split('/')) if (seg === '..') parts.pop(); else if (seg !== '.') parts.push(seg);
      into.refs.push({ type: 'IMPORTS', from: fileId, target: { kind: 'file', path: parts.join('/') } });
    }
    for (const m of ctx.text.matchAll(/path: '([^']*)'/g)) {
      const line = lineOf(ctx.text, m.index);
      const fullPath = `/${m[1]}`;
      into.nodes.push({ id: ids.route(ctx.repoId, ctx.path, line, fullPath), labels: ['Route'], props: { path: m[1] as string, fullPath, startLine: line, endLine: line } });
    }
    for (const m of ctx.text.matchAll(/navigate\(\['([^']+)'\]\)/g)) {
      const line = lineOf(ctx.text, m.index);
      const id = ids.navTrigger(ctx.repoId, ctx.path, line, 1);
      into.nodes.push({ id, labels: ['NavTrigger'], props: { expression: m[1] as string, startLine: line, endLine: line } });
      into.refs.push({ type: 'TARGETS', from: id, target: { kind: 'routePath', path: m[1] as string } });
    }
  },
};

export const miniHtmlExtractor: Extractor = {
  name: 'mini-html',
  appliesTo: (path) => path.endsWith('.html'),
  extract(ctx, into) {
    for (const m of ctx.text.matchAll(/<((?:app|sdf|adp)-[\w-]+)/g)) {
      const line = lineOf(ctx.text, m.index);
      const tag = m[1] as string;
      const id = ids.usage(ctx.repoId, ctx.path, line, m.index - ctx.text.lastIndexOf('\n', m.index));
      into.nodes.push({ id, labels: ['Usage'], props: { tag, family: tag.split('-')[0] as string, startLine: line, endLine: line }, searchText: tag });
      into.edges.push({ type: 'HAS_USAGE', from: ids.file(ctx.repoId, ctx.path), to: id });
      if (tag.startsWith('sdf-')) into.refs.push({ type: 'USES_SELECTOR', from: id, target: { kind: 'contractTag', tag } });
      else into.refs.push({ type: 'USES_SELECTOR', from: id, target: { kind: 'selector', selector: tag } });
    }
  },
};

export const miniExtractors = [miniTsExtractor, miniHtmlExtractor];
