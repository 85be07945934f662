/**
 * The deterministic core of retrieval: lexemes, ContextSignature, fusion/reranking, strategy selection
 * and the pack contract. Pure functions only — no graph access, no clock, no randomness (see README.md).
 */
export * from './lexemes/index.js';
export * from './signature/index.js';
export * from './rank/index.js';
export * from './strategy/index.js';
export * from './pack/index.js';
export { compareText, round, sortedUnique } from './shared/stable-order.js';
export { foldText, sanitizeText } from './shared/sanitize-text.js';
