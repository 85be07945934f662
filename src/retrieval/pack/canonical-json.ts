import { createHash } from 'node:crypto';

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Canonical JSON: object keys sorted in code-unit order at every depth (written by hand, because JS
 * enumerates integer-like keys first whatever their insertion order), `undefined` members dropped and
 * `undefined` array items written as null, `-0` written as 0, strings escaped by JSON.stringify (lone
 * surrogates become `\udxxx`). Arrays keep their order (callers sort set-like arrays, see normalizePack).
 * Non-finite numbers, bigints, functions, symbols and cycles throw a TypeError. `indent` > 0 pretty-prints.
 */
export function canonicalJson(value: unknown, indent = 0): string {
  return write(value, new Set(), indent > 0 ? ' '.repeat(indent) : '', '');
}

function write(value: unknown, seen: Set<object>, unit: string, pad: string): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: non-finite number ${value}`);
      return Object.is(value, -0) ? '0' : JSON.stringify(value);
    case 'object':
      break;
    default:
      throw new TypeError(`canonicalJson: unsupported ${typeof value}`);
  }
  const obj = value as object;
  if (seen.has(obj)) throw new TypeError('canonicalJson: cycle');
  seen.add(obj);
  try {
    const inner = unit ? `${pad}${unit}` : '';
    const open = unit ? `\n${inner}` : '';
    const sep = unit ? `,\n${inner}` : ',';
    const close = unit ? `\n${pad}` : '';
    if (Array.isArray(obj)) {
      if (obj.length === 0) return '[]';
      return `[${open}${obj.map((v) => (v === undefined ? 'null' : write(v, seen, unit, inner))).join(sep)}${close}]`;
    }
    const rec = obj as Record<string, unknown>;
    const keys = Object.keys(rec).filter((k) => rec[k] !== undefined).sort(byCodeUnit);
    if (keys.length === 0) return '{}';
    const colon = unit ? ': ' : ':';
    return `{${open}${keys.map((k) => `${JSON.stringify(k)}${colon}${write(rec[k], seen, unit, inner)}`).join(sep)}${close}}`;
  } finally {
    seen.delete(obj);
  }
}

/** Hex SHA-256 of a string's UTF-8 bytes. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** `sha256:<hex>` of the canonical JSON of a value: the content hash of a pack. */
export function contentHash(value: unknown): string {
  return `sha256:${sha256Hex(canonicalJson(value))}`;
}
