import type { Project } from 'ts-morph';
import type { ExtractContext } from '../../model/extractor.js';

const majors = new WeakMap<Project, number | null>();

/**
 * The major version of `@angular/core` the repo declares in its root package.json (null when
 * unknown). It decides defaults that changed over time, e.g. `standalone` (true from v19).
 */
export function angularMajor(ctx: ExtractContext): number | null {
  if (majors.has(ctx.project)) return majors.get(ctx.project) ?? null;
  let major: number | null = null;
  try {
    const pkg = JSON.parse(ctx.readRepoFile('package.json') ?? '{}') as Record<string, Record<string, string> | undefined>;
    const range = pkg.dependencies?.['@angular/core'] ?? pkg.devDependencies?.['@angular/core'] ?? pkg.peerDependencies?.['@angular/core'];
    const match = range ? /(\d+)/.exec(range) : null;
    major = match ? Number(match[1]) : null;
  } catch {
    major = null;
  }
  majors.set(ctx.project, major);
  return major;
}
