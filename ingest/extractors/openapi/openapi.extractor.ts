import type { Extractor } from '../../model/extractor.js';
import type { PropValue } from '../../model/facts.js';
import { ids } from '../../model/ids.js';
import { lexText } from '../../../src/text/lex-text.js';
import { addEdge, addEvent, upsertNode } from '../support/facts.js';
import { parseSpec } from './openapi-spec.js';

const PARSER = 'openapi';
const SPEC_FILE = /(^|\/)[^/]*(openapi|swagger|api-?docs?|\.api)[^/]*\.(ya?ml|json)$/i;

/**
 * OpenAPI 3.x / Swagger 2.0 documents (YAML or JSON; files whose name mentions openapi, swagger
 * or api) → ApiSpec -HAS_ENDPOINT-> Endpoint {method, path (URL template), fullPath (with the
 * base path), operationId}. `Endpoint.path` is the URL path; the spec file is `file`.
 */
export const openApiExtractor: Extractor = {
  name: PARSER,
  appliesTo: (path) => SPEC_FILE.test(path) && !/(^|\/)(package(-lock)?|tsconfig[\w.-]*|angular|nx|project)\.json$/.test(path),
  extract(ctx, into) {
    if (!/\b(openapi|swagger)\b/.test(ctx.text.slice(0, 4000))) return;
    let spec;
    try {
      spec = parseSpec(ctx.text);
    } catch (error) {
      addEvent(into, PARSER, 'parse_error', `spec: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (!spec) return;
    for (const e of spec.errors.slice(0, 20)) addEvent(into, PARSER, 'parse_error', e.message, e.line);
    const specId = ids.apiSpec(ctx.repoId, ctx.path);
    const specProps: Record<string, PropValue> = {
      path: ctx.path, specVersion: spec.specVersion, basePath: spec.basePath, schemas: spec.schemas, endpointCount: spec.endpoints.length,
    };
    if (spec.title) specProps.title = spec.title;
    if (spec.version) specProps.version = spec.version;
    upsertNode(into, { id: specId, labels: ['ApiSpec'], props: specProps, searchText: lexText(spec.title, ctx.path) });
    for (const ep of spec.endpoints) {
      const id = ids.endpoint(ctx.repoId, ctx.path, ep.method, ep.path);
      const props: Record<string, PropValue> = {
        method: ep.method, path: ep.path, fullPath: `${spec.basePath}${ep.path}`, file: ctx.path,
        startLine: ep.line, endLine: ep.endLine, tags: ep.tags, schemas: ep.schemas,
      };
      if (ep.operationId) props.operationId = ep.operationId;
      if (ep.summary) props.summary = ep.summary;
      if (ep.deprecated) props.deprecated = true;
      upsertNode(into, { id, labels: ['Endpoint'], props, searchText: lexText(ep.method, ep.path, ep.operationId, ep.summary) });
      addEdge(into, { type: 'HAS_ENDPOINT', from: specId, to: id });
    }
  },
};
