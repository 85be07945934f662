export {
  computeContextSignature, contextSignatureSchema, findCues, SIGNATURE_FEATURES, TASK_TYPES, TEST_CONFIDENCE_LABELS,
  type ContextSignature, type SignatureFeature, type SignatureGraphHints, type SignatureInput, type SignatureReason, type SignatureResult, type TaskType,
} from './context-signature.js';
export { inferTaskType } from './task-type.js';
