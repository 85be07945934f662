import type { PropValue, RefFact } from '../model/facts.js';
import { parseSelector } from './ref-match.js';

/** A reference target: the extractor's kinds plus `id`, used for edges that cross file ownership. */
export type RefTarget = RefFact['target'] | { kind: 'id'; id: string };


/**
 * The lookup key of a reference. When a node with a matching key appears, disappears or changes,
 * the references with that key are re-resolved (this is what keeps unchanged files' links right in
 * incremental runs). Pattern-matched kinds (routes, endpoints, federation remotes with `*`) use
 * one key per kind. Hints that only narrow a match (a route link's `from` file, a symbol's
 * `fromPath`) are not part of the key: any change to a node of that key re-resolves the reference,
 * which reads its hints again from the persisted target.
 */
export function refKey(target: RefTarget): string {
  switch (target.kind) {
    case 'selector': {
      const part = parseSelector(target.selector)[0];
      return part?.element ? `selector:${part.element}` : `selector:[${part?.attrs[0] ?? target.selector.toLowerCase()}]`;
    }
    case 'contractTag':
      return `tag:${target.tag.toLowerCase()}`;
    case 'pipe':
      return `pipe:${target.name}`;
    case 'symbol':
      return `symbol:${target.name}`;
    case 'routePath':
      return 'route:*';
    case 'file':
      return `file:${target.path.replace(/^\.\//, '')}`;
    case 'endpoint':
      return 'endpoint:*';
    case 'remote':
      return 'remote:*';
    case 'id':
      return `id:${target.id}`;
    case 'translationKey':
      return `i18n:${target.key}`;
  }
}

/** Further lookup keys of a reference besides refKey: an occurrence's directive-only attributes. */
export function refAttrKeys(target: RefTarget): string[] {
  return target.kind === 'selector' && target.attrs ? target.attrs.map((a) => `selector:[${a.toLowerCase()}]`) : [];
}

/** The keys under which a node can satisfy references (see refKey). */
export function targetKeys(labels: readonly string[], props: Record<string, PropValue | undefined>): string[] {
  const keys: string[] = [];
  const str = (k: string): string | undefined => (typeof props[k] === 'string' ? (props[k] as string) : undefined);
  const has = (l: string): boolean => labels.includes(l);
  if ((has('Component') || has('Directive')) && str('selector')) {
    for (const part of parseSelector(str('selector') as string)) {
      if (part.element) keys.push(`selector:${part.element}`);
      for (const a of part.attrs) keys.push(`selector:[${a}]`);
    }
  }
  if (has('Pipe') && str('pipeName')) keys.push(`pipe:${str('pipeName')}`);
  if (has('ContractComponent') && str('tag')) keys.push(`tag:${(str('tag') as string).toLowerCase()}`);
  if (has('Symbol') && str('name')) keys.push(`symbol:${str('name')}`);
  if (has('Route')) keys.push('route:*');
  if (has('Endpoint')) keys.push('endpoint:*');
  if (has('RemoteExpose')) keys.push('remote:*');
  if (has('TranslationKey')) for (const k of ['key', 'scopedKey']) if (str(k)) keys.push(`i18n:${str(k)}`);
  if (has('File') && str('path')) {
    const path = str('path') as string;
    keys.push(`file:${path}`);
    const noExt = path.replace(/\.(d\.ts|ts|tsx|js|mjs|cjs|jsx)$/, '');
    if (noExt !== path) keys.push(`file:${noExt}`);
    if (/\/index$/.test(noExt)) keys.push(`file:${noExt.slice(0, -'/index'.length)}`);
  }
  return keys;
}
