export { WorkStore, mintId, type CommitResult, type LoadedWork, type PackRow, type TurnCommit, type WorkRow } from './work-store.js';
export { storeAttachments, type AttachmentType, type StoredAttachment } from './attachments.js';
