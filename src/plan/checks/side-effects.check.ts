import { fileResourceKey, sideEffectResourceKey } from '../facts/gather-facts.js';
import { nodePath, violation, type PlanViolation } from '../violation.js';
import { targetPathOf, type CheckInput, type PlanCheck } from './check.js';

/**
 * Side effects and collisions: a side effect names a configured commit gate and runs after a
 * validate node; no planned file or side-effect resource is reserved by another live work; and two
 * nodes of this plan never act on one resource without an order between them.
 */
export const sideEffectsCheck: PlanCheck = {
  id: 'side_effects',
  summary: 'side effects name a configured commit gate and follow validation; no resource collides with another work or node',
  run({ index, facts, context }: CheckInput): PlanViolation[] {
    const out: PlanViolation[] = [];
    const gates = new Set(context.verification.commitGates);
    const validateIds = new Set(index.validates.map((v) => v.node.nodeId));
    const claimed = new Map<string, string[]>();
    const collide = (key: string, nodeId: string, path: string, what: string): void => {
      const held = facts.reservations.get(key);
      if (held) out.push(violation('EXEC_SIDE_EFFECT_COLLISION', path, `${what} is reserved by another live work (${held.heldByWorkId}).`, 'Wait for that work to finish, or coordinate and plan another resource.', nodeId));
      const earlier = claimed.get(key) ?? [];
      const other = earlier.find((e) => e !== nodeId && !index.ordered(e, nodeId));
      if (other !== undefined) {
        out.push(violation('EXEC_SIDE_EFFECT_COLLISION', path, `${what} is also used by \`${other}\` with no order between the two nodes.`, `Make \`${nodeId}\` depend on \`${other}\` (or merge them).`, nodeId));
      }
      claimed.set(key, [...earlier, nodeId]);
    };
    for (const { node, index: i } of index.changes) {
      const path = targetPathOf(facts, node);
      if (path !== null) collide(fileResourceKey(path), node.nodeId, nodePath(i, 'targetFile'), `\`${path}\``);
    }
    for (const { node, index: i } of index.sideEffects) {
      const id = node.nodeId;
      if (!gates.has(node.commitGateId)) {
        const known = [...gates].slice(0, 8).join(', ') || 'none configured';
        out.push(violation('EXEC_UNGATED_SIDE_EFFECT', nodePath(i, 'commitGateId'), `\`${node.commitGateId}\` is not a configured commit gate.`, `Use one of: ${known}.`, id));
      }
      if (![...index.ancestors(id)].some((a) => validateIds.has(a))) {
        out.push(violation('EXEC_UNGATED_SIDE_EFFECT', nodePath(i, 'dependsOn'), 'The side effect does not run after any validate node.', 'Make it depend on the validate node(s) whose pass allows it.', id));
      }
      collide(sideEffectResourceKey(node.sideEffectType, node.sideEffectPayloadRef), id, nodePath(i, 'sideEffectPayloadRef'), `Side effect ${node.sideEffectType} on \`${node.sideEffectPayloadRef}\``);
    }
    return out;
  },
};
