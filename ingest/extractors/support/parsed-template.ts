import { parseTemplate, type ParsedTemplate } from '@angular/compiler';

/** Where a template's text lives inside its file (inline templates are a slice of a .ts file). */
export interface TemplateSlice {
  startPos: number;
  endPos: number;
  /** 0-based line and column of `startPos` in the file. */
  startLine: number;
  startCol: number;
}

/** Templates of the file being extracted: a .ts file may hold several inline ones. */
const KEPT = 8;
const recent: Array<{ url: string; text: string; startPos: number | undefined; endPos: number | undefined; parsed: ParsedTemplate }> = [];

/**
 * `parseTemplate` with the options every extractor uses, parsed once per template: the templates
 * extractor and the i18n usages extractor read the same file one after the other, and parsing is
 * most of their cost (~1.5 ms per template). The last few results are kept; the AST is read-only
 * for its users. Syntax errors are in the result, never thrown.
 */
export function parseTemplateOnce(text: string, url: string, range?: TemplateSlice): ParsedTemplate {
  const hit = recent.find((r) => r.url === url && r.text === text && r.startPos === range?.startPos && r.endPos === range?.endPos);
  if (hit) return hit.parsed;
  const parsed = parseTemplate(text, url, {
    preserveWhitespaces: false,
    alwaysAttemptHtmlToR3AstConversion: true,
    ...(range ? { range, escapedString: true } : {}),
  });
  recent.unshift({ url, text, startPos: range?.startPos, endPos: range?.endPos, parsed });
  recent.length = Math.min(recent.length, KEPT);
  return parsed;
}
