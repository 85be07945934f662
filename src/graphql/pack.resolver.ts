import { z } from 'zod';
import { AppError } from '../errors/index.js';
import type { Graph } from '../graph/graph.js';
import { listWorkPacks } from '../pack/index.js';
import { assemblePack } from '../retrieval/assemble/index.js';

const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;
const packArgs = z.strictObject({
  repoId: z.string().min(1).max(200),
  prompt: z.string().min(1).max(20_000),
  lexemes: z.array(z.string().min(1).max(200).refine((s) => !UNSAFE.test(s), 'control and bidi characters are not allowed')).max(48).nullish(),
});
const workPacksArgs = z.strictObject({ workId: z.string().min(1).max(200).refine((s) => !UNSAFE.test(s), 'control and bidi characters are not allowed') });

/**
 * The dry-run `pack` query (typeDefs: graph-schema/typedefs/pack.graphql): calls the same assembly
 * initialize_work uses, offline (no connectors), writing nothing. `workPacks(workId)`
 * (graph-schema/typedefs/work-packs.graphql): a work's recorded pack versions through src/pack. No Cypher here.
 */
export function packResolvers(graph: Graph): { Query: Record<string, (source: unknown, args: Record<string, unknown>) => Promise<unknown>> } {
  return {
    Query: {
      async pack(_source, args) {
        const parsed = packArgs.safeParse(args);
        if (!parsed.success) {
          throw new AppError('INVALID_ARGS', { message: 'Invalid pack arguments.', details: { problems: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) } });
        }
        const { repoId, prompt, lexemes } = parsed.data;
        const { pack, hash, text } = await assemblePack({ graph, repoId, root: '', prompt, lexemes: lexemes ?? [], fetchers: null });
        const anchor = (a: (typeof pack.anchors.entrypoints)[number]) => ({ id: a.id, kind: a.kind, name: a.name ?? null, path: a.path, line: a.line ?? null, score: a.score });
        return {
          outcome: pack.outcome, hash, contextPackId: pack.header.contextPackId, repoSnapshotId: pack.header.repoSnapshotId,
          strategyId: pack.strategy.strategyId, strategyReasons: pack.strategy.reasons,
          files: pack.evidence.files.map((f) => ({ path: f.path, score: f.score, lanes: f.lanes, reasons: f.reasons })),
          entrypoints: pack.anchors.entrypoints.map(anchor), definitions: pack.anchors.definitions.map(anchor),
          proofChains: pack.anchors.proofChains.map((c) => ({ chainType: c.chainType, status: c.status, hops: c.hops.map((h) => ({ ...h, id: h.id, name: h.name ?? null, path: h.path ?? null, line: h.line ?? null })), missing: c.missing })),
          missingAnchors: pack.missingness.missingAnchors.map((m) => ({ anchorType: m.anchorType, whyRequired: m.whyRequired })),
          gates: pack.gates ?? [], policies: pack.policies.map((p) => ({ id: p.id, severity: p.severity, rule: p.rule })), json: text,
        };
      },
      async workPacks(_source, args) {
        const parsed = workPacksArgs.safeParse(args);
        if (!parsed.success) {
          throw new AppError('INVALID_ARGS', { message: 'Invalid workPacks arguments.', details: { problems: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) } });
        }
        return listWorkPacks(graph, parsed.data.workId);
      },
    },
  };
}
