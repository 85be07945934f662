/**
 * What a work-scoped read needs to see a work's overlay (src/execution/README.md, "Work isolation"):
 * the overlay's namespace and the paths it holds. For those paths the read takes the overlay's facts
 * and ignores the base's; every other path is the base's.
 */
export interface FactOverlay {
  /** The overlay's repoId (`overlayRepoId(base, workId)`). */
  repoId: string;
  /** Repo-relative paths the work changed and re-ingested into the overlay (sorted). */
  paths: readonly string[];
}

/** The parameters a shadowing query takes: no overlay is an overlay of no paths. */
export function overlayParams(overlay: FactOverlay | null | undefined): { overlay: { repoId: string | null; paths: string[] } } {
  // One map: a work with and without edits shares one plan (its null and list size do not key it).
  return { overlay: overlay && overlay.paths.length > 0 ? { repoId: overlay.repoId, paths: [...overlay.paths] } : { repoId: null, paths: [] } };
}
