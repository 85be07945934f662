import { compareText } from '../shared/stable-order.js';
import type { AnchorRole, CandidateKind, Lane } from './candidate.model.js';
import type { RankedFile } from './fusion.rank.js';

/** An anchor picked from the ranking: the entity, the file it lives in, and why. */
export interface SelectedAnchor {
  id: string;
  kind: CandidateKind;
  name?: string;
  path: string;
  line?: number;
  score: number;
  reasons: string[];
}

/** A required anchor the ranking could not supply (002 §6.5): explicit, never guessed. */
export interface MissingAnchor {
  anchorType: AnchorRole;
  requiredBy: string;
  whyRequired: string;
  attemptedSources: string[];
  confidence: number;
}

const WHY: Record<AnchorRole, string> = {
  entrypoint: 'a plan needs a real route, component or module where the change enters the application',
  definition: 'a plan needs the real definition (DTO, interface, service contract) the change depends on',
};

/**
 * Picks up to `maxPerRole` entrypoint and definition anchors from ranked files (best file first, and
 * within a file its strongest entity of that role; entrypoints after the first only from files scoring
 * at least `minShareOfTop` of the best), and reports each role with no anchor as missing,
 * naming the lanes that were searched. A missing anchor's `confidence` says how sure the gap is real:
 * 0.7 when two or more lanes searched, 0.4 for one, 0.1 when nothing was searched.
 */
export function selectAnchors(
  ranked: readonly RankedFile[],
  options: { maxPerRole: number; lanesSearched: readonly Lane[]; minShareOfTop?: number },
): { entrypoints: SelectedAnchor[]; definitions: SelectedAnchor[]; missing: MissingAnchor[] } {
  // Files far below the head are context, not starting points: past the first entrypoint, an entrypoint's
  // file must score `minShareOfTop` of the best file, or a weakly related component would steer the
  // strategy (legacy tags, grids, federation) on evidence the task barely touches. Definitions (DTOs,
  // services) rank below the screens that use them by nature, so they are not held to it.
  const floor = (options.minShareOfTop ?? 0) * Math.max(0, ...ranked.map((f) => f.score));
  const pick = (role: AnchorRole): SelectedAnchor[] => {
    const out: SelectedAnchor[] = [];
    for (const file of ranked) {
      if (out.length >= options.maxPerRole) break;
      if (role === 'entrypoint' && out.length > 0 && file.score < floor) break;
      const entity = file.entities.find((e) => e.role === role);
      if (!entity) continue;
      out.push({
        id: entity.id, kind: entity.kind, path: file.path, score: file.score, reasons: file.reasons.slice(0, 4),
        ...(entity.name !== undefined ? { name: entity.name } : {}), ...(entity.line !== undefined ? { line: entity.line } : {}),
      });
    }
    return out;
  };
  const entrypoints = pick('entrypoint');
  const definitions = pick('definition');
  const lanes = [...new Set(options.lanesSearched)].sort(compareText);
  const missing = (['entrypoint', 'definition'] as const)
    .filter((role) => (role === 'entrypoint' ? entrypoints : definitions).length === 0)
    .map((role) => ({ anchorType: role, requiredBy: 'anchor invariant (002 §6.5)', whyRequired: WHY[role], attemptedSources: lanes.map((l) => `${l} lane`), confidence: lanes.length >= 2 ? 0.7 : lanes.length === 1 ? 0.4 : 0.1 }));
  return { entrypoints, definitions, missing };
}
