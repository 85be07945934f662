import { ts } from 'ts-morph';

/** A `remotes` entry of a federation config: host-side mapping from a remote name to its entry. */
export interface RemoteEntry {
  name: string;
  entry?: string;
  /** Source text when the entry is computed (env lookups, promises). */
  expression?: string;
  line: number;
  endLine: number;
}

/** An `exposes` entry: key (`./Module`) → file path as written. */
export interface ExposeEntry {
  key: string;
  target?: string;
  expression?: string;
  line: number;
  endLine: number;
}

/** One federation container config found in a file (`ModuleFederationPlugin({...})`, `withModuleFederationPlugin({...})`, Nx config objects, …). */
export interface FederationConfig {
  name?: string;
  remotes: RemoteEntry[];
  exposes: ExposeEntry[];
  line: number;
  shared?: string;
}

export interface ConfigParse {
  configs: FederationConfig[];
  problems: Array<{ line: number; message: string }>;
}

function lineOf(sf: ts.SourceFile, pos: number): number {
  return sf.getLineAndCharacterOfPosition(pos).line + 1;
}

function unwrapTs(node: ts.Node): ts.Node {
  let n = node;
  while (ts.isParenthesizedExpression(n) || ts.isAsExpression(n) || ts.isSatisfiesExpression(n) || ts.isNonNullExpression(n)) n = n.expression;
  return n;
}

function keyOf(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  return undefined;
}

/** Same-file `const x = …` initializers, so `remotes: remotes` or `withModuleFederation(config)` can be followed. */
function constTable(sf: ts.SourceFile): Map<string, ts.Expression> {
  const table = new Map<string, ts.Expression>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) table.set(node.name.text, node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return table;
}

function follow(node: ts.Node, consts: Map<string, ts.Expression>, depth = 0): ts.Node {
  const n = unwrapTs(node);
  if (ts.isIdentifier(n) && depth < 5) {
    const init = consts.get(n.text);
    if (init) return follow(init, consts, depth + 1);
  }
  return n;
}

function stringOf(node: ts.Node, consts: Map<string, ts.Expression>): string | undefined {
  const n = follow(node, consts);
  return ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) ? n.text : undefined;
}

function propsOf(obj: ts.ObjectLiteralExpression): Map<string, ts.Node> {
  const out = new Map<string, ts.Node>();
  for (const p of obj.properties) {
    if (ts.isPropertyAssignment(p)) {
      const key = keyOf(p.name);
      if (key !== undefined) out.set(key, p.initializer);
    } else if (ts.isShorthandPropertyAssignment(p)) out.set(p.name.text, p.name);
  }
  return out;
}

function readRemotes(sf: ts.SourceFile, node: ts.Node, consts: Map<string, ts.Expression>): RemoteEntry[] {
  const value = follow(node, consts);
  const out: RemoteEntry[] = [];
  const at = (n: ts.Node): { line: number; endLine: number } => ({ line: lineOf(sf, n.getStart(sf)), endLine: lineOf(sf, n.getEnd()) });
  if (ts.isObjectLiteralExpression(value)) {
    for (const p of value.properties) {
      if (!ts.isPropertyAssignment(p) && !ts.isShorthandPropertyAssignment(p)) continue;
      const name = ts.isPropertyAssignment(p) ? keyOf(p.name) : p.name.text;
      if (name === undefined) continue;
      const init = ts.isPropertyAssignment(p) ? p.initializer : p.name;
      const entry = stringOf(init, consts);
      out.push(entry !== undefined ? { name, entry, ...at(p) } : { name, expression: init.getText(sf).slice(0, 200), ...at(p) });
    }
  } else if (ts.isArrayLiteralExpression(value)) {
    for (const el of value.elements) {
      const item = follow(el, consts);
      const simple = stringOf(item, consts);
      if (simple !== undefined) out.push({ name: simple, ...at(el) });
      else if (ts.isArrayLiteralExpression(item) && item.elements[0]) {
        const name = stringOf(item.elements[0], consts);
        const entry = item.elements[1] ? stringOf(item.elements[1], consts) : undefined;
        if (name !== undefined) out.push({ name, ...(entry !== undefined ? { entry } : {}), ...at(el) });
      }
    }
  }
  return out;
}

function readExposes(sf: ts.SourceFile, node: ts.Node, consts: Map<string, ts.Expression>): ExposeEntry[] {
  const value = follow(node, consts);
  if (!ts.isObjectLiteralExpression(value)) return [];
  const out: ExposeEntry[] = [];
  for (const p of value.properties) {
    if (!ts.isPropertyAssignment(p)) continue;
    const key = keyOf(p.name);
    if (key === undefined) continue;
    const at = { line: lineOf(sf, p.getStart(sf)), endLine: lineOf(sf, p.getEnd()) };
    let target = stringOf(p.initializer, consts);
    const init = follow(p.initializer, consts);
    if (target === undefined && ts.isObjectLiteralExpression(init)) {
      const imp = propsOf(init).get('import');
      target = imp ? stringOf(imp, consts) : undefined;
    }
    out.push(target !== undefined ? { key, target, ...at } : { key, expression: p.initializer.getText(sf).slice(0, 200), ...at });
  }
  return out;
}

/**
 * Reads module-federation configs from a JS/TS config file without running it: every object
 * literal with `remotes` or `exposes` is a container config, wherever it sits (plugin constructor,
 * helper call, `module.exports`, a const passed to a helper). Same-file consts are followed.
 */
export function parseFederationConfig(path: string, text: string): ConfigParse {
  const kind = /\.[cm]?tsx?$/.test(path) ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const consts = constTable(sf);
  const configs: FederationConfig[] = [];
  const problems: ConfigParse['problems'] = [];
  // A host whose remotes come at run time (a manifest, `loadRemoteModule({remoteEntry})`) has a
  // plugin config with `shared` but no remotes/exposes: nothing to read, nothing to report.
  let sharedOnly = false;
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      const props = propsOf(node);
      if (props.has('shared') && !props.has('remotes') && !props.has('exposes')) sharedOnly = true;
      if (props.has('remotes') || props.has('exposes')) {
        try {
          const shared = props.get('shared');
          const name = props.get('name');
          configs.push({
            ...(name ? { name: stringOf(name, consts) } : {}),
            remotes: props.has('remotes') ? readRemotes(sf, props.get('remotes') as ts.Node, consts) : [],
            exposes: props.has('exposes') ? readExposes(sf, props.get('exposes') as ts.Node, consts) : [],
            line: lineOf(sf, node.getStart(sf)),
            ...(shared ? { shared: shared.getText(sf).replace(/\s+/g, ' ').slice(0, 160) } : {}),
          });
        } catch (error) {
          problems.push({ line: lineOf(sf, node.getStart(sf)), message: `federation config: ${String(error)}` });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (configs.length === 0 && !sharedOnly && /ModuleFederationPlugin|withModuleFederation|withNativeFederation|federation\(/.test(text)) {
    problems.push({ line: 1, message: 'federation plugin referenced but no config object with remotes/exposes was found' });
  }
  return { configs, problems };
}
