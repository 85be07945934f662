/**
 * The ids a plan cites for pack anchors (proofRefs, contractRefs). They are derived from the facts
 * themselves (never from graph-internal node ids, which carry the repoId and may contain spaces), so
 * the pack, the planGraphSchema and the validator name one anchor the same way.
 */

/** `chain:aggrid:<grid template path>:<line>` */
export const aggridChainId = (gridPath: string, line: number | null): string => `chain:aggrid:${gridPath}:${line ?? 0}`;

/** `chain:federation:<remote>:<exposed key>` */
export const federationChainId = (remote: string, key: string): string => `chain:federation:${remote}:${key}`;

/** `endpoint:<METHOD>:<full path>` */
export const endpointAnchorId = (method: string, path: string): string => `endpoint:${method.toUpperCase()}:${path}`;

/** `api_spec:<spec file path>` */
export const apiSpecAnchorId = (path: string): string => `api_spec:${path}`;

/** `schema:<schema name>` */
export const schemaAnchorId = (name: string): string => `schema:${name}`;
