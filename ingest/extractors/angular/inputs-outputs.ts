import { Node, type ClassDeclaration, type ObjectLiteralExpression } from 'ts-morph';
import { stringValue } from '../support/text.js';
import { metaArray, metaValue } from './decorator-metadata.js';
import { decoratorName } from '../support/decorators.js';

/** Signal-based APIs (Angular 17.1+): the callee names that declare inputs and outputs. */
const SIGNAL_INPUTS = new Set(['input', 'input.required']);
const SIGNAL_MODELS = new Set(['model', 'model.required']);
const SIGNAL_OUTPUTS = new Set(['output', 'outputFromObservable']);

function aliasOption(node: Node | undefined): string | undefined {
  if (!node || !Node.isObjectLiteralExpression(node)) return undefined;
  return stringValue(metaValue(node, 'alias'));
}

/** `'prop'` or `'prop: alias'` (the decorator-metadata form) → the public binding name. */
function bindingName(entry: string): string {
  const parts = entry.split(':').map((s) => s.trim());
  return parts[1] || parts[0] || entry;
}

/**
 * Public binding names of a component or directive: `inputs`/`outputs` metadata, `@Input()` /
 * `@Output()` members (with aliases), and signal `input()`, `model()` and `output()` fields.
 */
export function bindingsOf(cls: ClassDeclaration, meta: ObjectLiteralExpression | undefined): { inputs: string[]; outputs: string[] } {
  const inputs = new Set<string>();
  const outputs = new Set<string>();
  for (const [key, into] of [['inputs', inputs], ['outputs', outputs]] as const) {
    for (const entry of metaArray(meta, key).entries) {
      const value = stringValue(entry);
      if (value !== undefined) into.add(bindingName(value));
      else if (Node.isObjectLiteralExpression(entry)) {
        const name = stringValue(metaValue(entry, 'alias')) ?? stringValue(metaValue(entry, 'name'));
        if (name) into.add(name);
      }
    }
  }
  for (const member of cls.getMembers()) {
    if (!Node.isPropertyDeclaration(member) && !Node.isSetAccessorDeclaration(member) && !Node.isGetAccessorDeclaration(member)) continue;
    const name = member.getName();
    for (const decorator of member.getDecorators()) {
      const arg = decorator.getArguments()[0];
      const alias = stringValue(arg) ?? aliasOption(arg);
      const kind = decoratorName(decorator);
      if (kind === 'Input') inputs.add(alias ?? name);
      if (kind === 'Output') outputs.add(alias ?? name);
    }
    if (!Node.isPropertyDeclaration(member)) continue;
    const init = member.getInitializer();
    if (!init || !Node.isCallExpression(init)) continue;
    const callee = init.getExpression().getText();
    const args = init.getArguments();
    if (SIGNAL_INPUTS.has(callee)) inputs.add(aliasOption(args[callee === 'input' ? 1 : 0]) ?? name);
    else if (SIGNAL_MODELS.has(callee)) {
      const alias = aliasOption(args[callee === 'model' ? 1 : 0]) ?? name;
      inputs.add(alias);
      outputs.add(`${alias}Change`);
    } else if (SIGNAL_OUTPUTS.has(callee)) outputs.add(aliasOption(args[callee === 'output' ? 0 : 1]) ?? name);
  }
  return { inputs: [...inputs].sort(), outputs: [...outputs].sort() };
}
