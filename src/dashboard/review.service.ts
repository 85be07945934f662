import type { Graph } from '../graph/index.js';
import { int } from '../graph/index.js';
import type { TransitionRecord } from '../memory/changelog.js';
import { listMemories, reviewMemoryAsPerson, type MemoryListRow } from '../memory/review.js';
import { listPendingPolicies, type PendingPolicyRow } from './dashboard.queries.js';

/** Who a transition made from the console names: a person who held the review token. */
export const DASHBOARD_PERSON = 'person:dashboard';

export interface PendingReview {
  /** Memories a person decides on: pending (waiting) and provisional (enforced until they expire unless approved). */
  memories: MemoryListRow[];
  /** Policy-plane rows waiting for a person; they are reviewed in their seed file, not here. */
  policies: PendingPolicyRow[];
}

/** What waits for a person's review, and a person's approve/reject (src/memory's review, as GraphQL does it). */
export class ReviewService {
  constructor(private readonly options: { graph: Graph; repoId: string }) {}

  /** Stored states, as `graphgate memory list` shows them: reading sweeps nothing (the next transition or initialize_work does). */
  async pending(limit: number): Promise<PendingReview> {
    const { graph, repoId } = this.options;
    const [pending, provisional, policies] = await Promise.all([
      listMemories(graph, repoId, { state: 'pending', limit }),
      listMemories(graph, repoId, { state: 'provisional', limit }),
      graph.read(listPendingPolicies, { repoId, limit: int(limit) }),
    ]);
    return { memories: [...pending, ...provisional], policies: policies.map((r) => r.policy) };
  }

  /** The caller checked the person's token. NOT_FOUND, ILLEGAL_TRANSITION or VERSION_CONFLICT come from src/memory. */
  async decide(input: { id: string; to: 'approved' | 'rejected'; why?: string }): Promise<TransitionRecord> {
    return reviewMemoryAsPerson({ graph: this.options.graph, repoId: this.options.repoId, id: input.id, to: input.to, who: DASHBOARD_PERSON, ...(input.why ? { why: input.why } : {}) });
  }
}
