import type { ExtractContext } from '../../model/extractor.js';

/** The major version of `@angular/core` a package.json declares (null when it declares none). */
export function majorFromPackageJson(text: string | undefined): number | null {
  try {
    const pkg = JSON.parse(text ?? '{}') as Record<string, Record<string, string> | undefined>;
    const range = pkg.dependencies?.['@angular/core'] ?? pkg.devDependencies?.['@angular/core'] ?? pkg.peerDependencies?.['@angular/core'];
    const match = range ? /(\d+)/.exec(range) : null;
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * The major version of `@angular/core` the repo declares in its root package.json (null when
 * unknown). It decides defaults that changed over time, e.g. `standalone` (true from v19). The
 * pipeline reads it once per run into the settings (so it is part of the extraction key: a new
 * major re-extracts every file once); without it (a test's own context) the file is read here.
 */
export function angularMajor(ctx: ExtractContext): number | null {
  if (ctx.settings.angularMajor !== undefined) return ctx.settings.angularMajor;
  return majorFromPackageJson(ctx.readRepoFile('package.json'));
}
