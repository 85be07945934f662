import { ts } from 'ts-morph';

/** Globals sandboxed code may use besides `inputs` and `pack`: pure, no I/O, no code loading. */
const SAFE_GLOBALS = new Set([
  'inputs', 'pack', 'undefined', 'NaN', 'Infinity', 'Math', 'JSON', 'Array', 'Object', 'String', 'Number', 'Boolean', 'Date',
  'Map', 'Set', 'WeakMap', 'WeakSet', 'Promise', 'RegExp', 'Error', 'TypeError', 'RangeError', 'Symbol', 'BigInt',
  'parseInt', 'parseFloat', 'isNaN', 'isFinite', 'encodeURIComponent', 'decodeURIComponent', 'console', 'structuredClone',
  'Intl', 'ArrayBuffer', 'Uint8Array', 'TextEncoder', 'TextDecoder',
]);
/** Property names that reach constructors or prototypes (`(()=>{}).constructor('return process')()`). */
const FORBIDDEN_PROPERTIES = new Set(['constructor', '__proto__', 'prototype', '__defineGetter__', '__defineSetter__', '__lookupGetter__', 'caller', 'callee']);

export interface PreflightProblem {
  kind: 'not_async_iife' | 'syntax' | 'undeclared_identifier' | 'undeclared_input' | 'forbidden_property' | 'dynamic_import';
  message: string;
}

function isAsyncIife(file: ts.SourceFile): boolean {
  if (file.statements.length !== 1) return false;
  const stmt = file.statements[0]!;
  if (!ts.isExpressionStatement(stmt)) return false;
  const call = stmt.expression;
  if (!ts.isCallExpression(call) || call.arguments.length !== 0) return false;
  let callee: ts.Expression = call.expression;
  while (ts.isParenthesizedExpression(callee)) callee = callee.expression;
  const fn = callee;
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return false;
  return (ts.getCombinedModifierFlags(fn) & ts.ModifierFlags.Async) !== 0 && fn.parameters.length === 0;
}

function bindingNames(name: ts.BindingName, out: Set<string>): void {
  if (ts.isIdentifier(name)) out.add(name.text);
  else for (const el of name.elements) if (!ts.isOmittedExpression(el)) bindingNames(el.name, out);
}

/** Whether an identifier node is a reference (not a declaration name, property name or label). */
function isReference(id: ts.Identifier): boolean {
  const p = id.parent;
  if ((ts.isPropertyAccessExpression(p) && p.name === id) || (ts.isPropertyAssignment(p) && p.name === id)) return false;
  if ((ts.isMethodDeclaration(p) || ts.isPropertyDeclaration(p) || ts.isGetAccessor(p) || ts.isSetAccessor(p)) && p.name === id) return false;
  if ((ts.isVariableDeclaration(p) || ts.isParameter(p) || ts.isFunctionDeclaration(p) || ts.isFunctionExpression(p) || ts.isClassDeclaration(p) || ts.isClassExpression(p)) && p.name === id) return false;
  if (ts.isBindingElement(p) && (p.name === id || p.propertyName === id)) return false;
  if (ts.isLabeledStatement(p) || ts.isBreakOrContinueStatement(p)) return false;
  return true;
}

/**
 * Static checks before anything runs: the code is one async IIFE without parameters; it names only
 * its own declarations, `inputs.<declared>`, `pack` and pure globals; no `import()`, no
 * `constructor`/`__proto__`/`prototype` access. The child process is the real boundary; this is
 * the early, explainable refusal.
 */
export function preflightSandboxCode(code: string, declaredInputs: readonly string[]): PreflightProblem[] {
  const file = ts.createSourceFile('sandbox.js', code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const problems: PreflightProblem[] = [];
  const diagnostics = (file as unknown as { parseDiagnostics?: ts.Diagnostic[] }).parseDiagnostics ?? [];
  if (diagnostics.length > 0) return [{ kind: 'syntax', message: ts.flattenDiagnosticMessageText(diagnostics[0]!.messageText, ' ') }];
  if (!isAsyncIife(file)) problems.push({ kind: 'not_async_iife', message: 'The code must be a single async IIFE without parameters: (async () => { … })()' });
  const declared = new Set<string>();
  const refs: ts.Identifier[] = [];
  const inputs = new Set(declaredInputs);
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) || ts.isParameter(node) || ts.isBindingElement(node)) bindingNames(node.name, declared);
    if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isFunctionExpression(node) || ts.isClassExpression(node)) && node.name) declared.add(node.name.text);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) problems.push({ kind: 'dynamic_import', message: 'import() is not available in the sandbox' });
    if (ts.isMetaProperty(node)) problems.push({ kind: 'dynamic_import', message: 'import.meta is not available in the sandbox' });
    if (ts.isPropertyAccessExpression(node) && FORBIDDEN_PROPERTIES.has(node.name.text)) problems.push({ kind: 'forbidden_property', message: `.${node.name.text} is not allowed` });
    if (ts.isElementAccessExpression(node)) {
      const arg = node.argumentExpression;
      if (!ts.isStringLiteralLike(arg) && !ts.isNumericLiteral(arg) && ts.isIdentifier(node.expression) && node.expression.text === 'inputs') {
        problems.push({ kind: 'undeclared_input', message: 'inputs[…] must use a literal name' });
      }
      if (ts.isStringLiteralLike(arg) && FORBIDDEN_PROPERTIES.has(arg.text)) problems.push({ kind: 'forbidden_property', message: `['${arg.text}'] is not allowed` });
    }
    const inputName = ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'inputs' ? node.name.text
      : ts.isElementAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'inputs' && ts.isStringLiteralLike(node.argumentExpression) ? node.argumentExpression.text : undefined;
    if (inputName !== undefined && !inputs.has(inputName)) problems.push({ kind: 'undeclared_input', message: `inputs.${inputName} is not a declared input` });
    if (ts.isIdentifier(node) && isReference(node)) refs.push(node);
    if (ts.isShorthandPropertyAssignment(node)) refs.push(node.name);
    ts.forEachChild(node, visit);
  };
  visit(file);
  const unknown = [...new Set(refs.map((r) => r.text).filter((n) => !declared.has(n) && !SAFE_GLOBALS.has(n)))].sort();
  for (const name of unknown) problems.push({ kind: 'undeclared_identifier', message: `${name} is neither declared in the code, a declared input nor an allowed global` });
  return problems;
}
