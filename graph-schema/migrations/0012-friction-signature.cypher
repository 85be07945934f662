// 0012-friction-signature.cypher — one FrictionSignature per (repository, rejection code, domain anchor): the friction →
// memory step writes it before counting, so its write lock serialises turns refused alike at the same moment and each
// counts the others' committed friction (src/memory/friction-candidates.ts). Unique, so concurrent MERGEs make one.
CREATE CONSTRAINT friction_signature_id IF NOT EXISTS FOR (n:FrictionSignature) REQUIRE n.id IS UNIQUE;
