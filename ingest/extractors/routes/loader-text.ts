// No imports on purpose: the ingest pipeline tests changed files for loader syntax before it loads any
// parser (pipeline/cached-phase.ts).

/** `children: X` with X not an array literal: maybe an array imported from another file. */
const IMPORTED_CHILDREN = /children\s*:\s*[A-Za-z_$]/;

/** Text that can make a file a route loader (`loadChildren`, `children: IMPORTED`): the index's scan and the pipeline's check of changed files. */
export const isLoaderText = (text: string): boolean => text.includes('loadChildren') || IMPORTED_CHILDREN.test(text);
