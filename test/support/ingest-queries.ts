import { loadQuery } from '../../src/graph/query-registry.js';

export const nodesByLabel = loadQuery<{ repoId: string; label: string }, { labels: string[]; props: Record<string, unknown> }>('test-support/ingest-nodes.cypher');
export const edgesByType = loadQuery<{ repoId: string; type: string }, { from: string; to: string; props: Record<string, unknown> }>('test-support/ingest-edges.cypher');
export const lockHolder = loadQuery<{ repoId: string }, { owner: string; expiresAt: number }>('test-support/ingest-lock-holder.cypher');
export const propertyTypes = loadQuery<{ repoId: string; label: string }, { id: string; types: Array<{ key: string; type: string }> }>('test-support/ingest-property-types.cypher');
export const edgesFromOwner = loadQuery<{ repoId: string; path: string; type: string }, { edges: number }>('test-support/edges-from-owner.cypher');
export const ownedNodeIdentities = loadQuery<{ repoId: string; path: string; label: string }, { id: string; elementId: string }>('test-support/owned-node-identities.cypher');
export const namespaceFacts = loadQuery<{ repoId: string }, { id: string; labels: string[]; props: Record<string, unknown>; out: Array<{ type: string; to: string; props: Record<string, unknown> }> }>('test-support/namespace-facts.cypher');
export const fulltextFileHits = loadQuery<{ repoId: string; term: string }, { path: string }>('test-support/fulltext-file-hits.cypher');
