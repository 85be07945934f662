export { federationExtractor } from './federation.extractor.js';
export { remoteLoadExtractor } from './remote-load.extractor.js';
export { remoteLoadOf, type RemoteLoad } from './remote-load.js';
