import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../runtime/package-root.js';

export interface PageAsset {
  body: Buffer;
  contentType: string;
}

/**
 * The page's own script and style only: with this policy an injected `<script>`, inline handler or
 * remote resource does not run even if escaping were ever missed, and nothing leaves the machine.
 */
export const PAGE_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const FILES: Record<string, { file: string; contentType: string }> = {
  '/': { file: 'index.html', contentType: 'text/html; charset=utf-8' },
  '/observer.js': { file: 'observer.js', contentType: 'text/javascript; charset=utf-8' },
  '/observer.css': { file: 'observer.css', contentType: 'text/css; charset=utf-8' },
  '/dom.js': { file: 'dom.js', contentType: 'text/javascript; charset=utf-8' },
  '/pictures.js': { file: 'pictures.js', contentType: 'text/javascript; charset=utf-8' },
  '/review.js': { file: 'review.js', contentType: 'text/javascript; charset=utf-8' },
  '/work-view.js': { file: 'work-view.js', contentType: 'text/javascript; charset=utf-8' },
  '/proof-chain.js': { file: 'proof-chain.js', contentType: 'text/javascript; charset=utf-8' },
  '/plan-graph.js': { file: 'plan-graph.js', contentType: 'text/javascript; charset=utf-8' },
};

/** Reads the page's files (src/dashboard/assets) once, at start: a missing file fails the start, not a request. */
export function loadPageAssets(): Map<string, PageAsset> {
  const dir = join(packageRoot(), 'src', 'dashboard', 'assets');
  return new Map(Object.entries(FILES).map(([path, { file, contentType }]) => [path, { body: readFileSync(join(dir, file)), contentType }]));
}
