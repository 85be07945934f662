import { LineCounter, isMap, isPair, isScalar, parseDocument, type Pair, type YAMLMap } from 'yaml';

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** One operation of an OpenAPI/Swagger document. */
export interface SpecEndpoint {
  method: string;
  path: string;
  operationId?: string;
  summary?: string;
  tags: string[];
  deprecated: boolean;
  /** `$ref` schema names the operation mentions (request and responses). */
  schemas: string[];
  line: number;
  endLine: number;
}

export interface SpecInfo {
  specVersion: string;
  title?: string;
  version?: string;
  /** Path prefix from Swagger `basePath` or the first OpenAPI 3 server URL (`/api`). */
  basePath: string;
  schemas: string[];
  endpoints: SpecEndpoint[];
  errors: Array<{ message: string; line?: number }>;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

function refsIn(value: unknown, out = new Set<string>(), depth = 0): Set<string> {
  if (depth > 12 || value === null || typeof value !== 'object') return out;
  if (Array.isArray(value)) for (const v of value) refsIn(v, out, depth + 1);
  else {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.add(v.split('/').at(-1) ?? v);
      else refsIn(v, out, depth + 1);
    }
  }
  return out;
}

function pathOfUrl(url: string | undefined): string {
  if (!url) return '';
  const noScheme = url.replace(/^[a-z{}]+:\/\/[^/]*/i, '');
  const clean = noScheme.split(/[?#]/)[0] ?? '';
  return clean === '/' ? '' : clean.replace(/\/$/, '');
}

function keyText(pair: Pair): string | undefined {
  return isScalar(pair.key) ? str(pair.key.value) : undefined;
}

/**
 * Reads an OpenAPI 3.x or Swagger 2.0 document (YAML or JSON — JSON is parsed as YAML) with line
 * numbers for every operation. Returns undefined when the document is neither.
 */
export function parseSpec(text: string): SpecInfo | undefined {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: false, strict: false });
  const data: unknown = doc.toJS({ maxAliasCount: 50 });
  if (!data || typeof data !== 'object') return undefined;
  const root = data as Record<string, unknown>;
  const specVersion = str(root.openapi) ?? str(root.swagger);
  if (!specVersion) return undefined;
  const info = (root.info ?? {}) as Record<string, unknown>;
  const servers = Array.isArray(root.servers) ? (root.servers as Array<Record<string, unknown>>) : [];
  const basePath = pathOfUrl(str(root.basePath) ?? str(servers[0]?.url));
  const components = (root.components ?? {}) as Record<string, unknown>;
  const schemaMap = (components.schemas ?? root.definitions ?? {}) as Record<string, unknown>;
  const errors = doc.errors.map((e) => ({ message: e.message.split('\n')[0] ?? e.message, line: lineCounter.linePos(e.pos[0]).line }));
  const endpoints: SpecEndpoint[] = [];
  const paths = doc.get('paths', true);
  if (isMap(paths)) {
    for (const item of (paths as YAMLMap).items) {
      const path = isPair(item) ? keyText(item) : undefined;
      if (!path || !isMap(item.value)) continue;
      for (const op of (item.value as YAMLMap).items) {
        const method = isPair(op) ? keyText(op)?.toLowerCase() : undefined;
        if (!method || !METHODS.has(method)) continue;
        const value = (isMap(op.value) ? op.value.toJS(doc) : {}) as Record<string, unknown>;
        const start = (op.key as { range?: [number, number, number] }).range?.[0] ?? 0;
        const end = (op.value as { range?: [number, number, number] } | null)?.range?.[1] ?? start;
        const operationId = str(value.operationId);
        const summary = str(value.summary);
        endpoints.push({
          method: method.toUpperCase(), path,
          ...(operationId ? { operationId } : {}), ...(summary ? { summary } : {}),
          tags: Array.isArray(value.tags) ? value.tags.filter((t): t is string => typeof t === 'string') : [],
          deprecated: value.deprecated === true,
          schemas: [...refsIn(value)].sort(),
          line: lineCounter.linePos(start).line,
          endLine: lineCounter.linePos(Math.max(start, end - 1)).line,
        });
      }
    }
  }
  return {
    specVersion, basePath, errors, endpoints, schemas: Object.keys(schemaMap).sort(),
    ...(str(info.title) ? { title: str(info.title) } : {}), ...(str(info.version) ? { version: str(info.version) } : {}),
  };
}
