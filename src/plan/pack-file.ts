import { z } from 'zod';
import { readTextCapped, resolveExisting } from '../paths/index.js';
import { STRATEGY_IDS, type AttachmentFact, type SignatureFlags } from './context.js';
import { evidencePolicy, type EvidencePolicy } from './schema/fields.schema.js';

const MAX_PACK_BYTES = 16 * 1024 * 1024;

// Lenient on purpose: only the sections validation reads; everything else in the pack is ignored.
const packSections = z.object({
  strategy: z.object({
    strategyId: z.enum(STRATEGY_IDS),
    signature: z.object({ crossesFederationBoundary: z.boolean().optional(), touchesShadowDom: z.boolean().optional(), mentionsAgGrid: z.boolean().optional() }).optional(),
  }).optional(),
  evidencePolicy: evidencePolicy.optional(),
  attachments: z.array(z.object({ artifactId: z.string().min(1).max(512), ref: z.string().min(1).max(2048) })).max(200).optional(),
});

/** What the server's own pack file says about strategy, signature, evidence policy and attachments. */
export interface PackFileSections {
  strategyId: (typeof STRATEGY_IDS)[number] | null;
  signature: SignatureFlags;
  evidencePolicy: EvidencePolicy | null;
  attachments: AttachmentFact[];
}

export const EMPTY_PACK_SECTIONS: PackFileSections = { strategyId: null, signature: {}, evidencePolicy: null, attachments: [] };

/**
 * Reads the sections of the work's pack file (written by the server under the worktree, resolved
 * with the src/paths rules) that validation uses. A missing, oversized or older-format pack file
 * yields empty sections: validation then falls back to its defaults.
 */
export async function readPackFileSections(worktreeRoot: string, ref: string): Promise<PackFileSections> {
  try {
    const file = await resolveExisting(worktreeRoot, ref);
    const parsed = packSections.safeParse(JSON.parse(await readTextCapped(file, MAX_PACK_BYTES)));
    if (!parsed.success) return EMPTY_PACK_SECTIONS;
    const { strategy, attachments } = parsed.data;
    return {
      strategyId: strategy?.strategyId ?? null,
      signature: { ...strategy?.signature },
      evidencePolicy: parsed.data.evidencePolicy ?? null,
      attachments: (attachments ?? []).map((a) => ({ artifactId: a.artifactId, ref: a.ref })),
    };
  } catch {
    return EMPTY_PACK_SECTIONS;
  }
}
