export { WorkStore, deferredTurn, mintId, type CommitResult, type DeferredTurn, type FrictionInput, type LoadedWork, type PackRow, type TurnCommit, type WorkRow } from './work-store.js';
export { TurnOutbox, type TurnOutboxOptions } from './turn-outbox.js';
export { storeAttachments, type AttachmentType, type StoredAttachment } from './attachments.js';
export { discardUnstartedWorks } from './unstarted-works.js';
