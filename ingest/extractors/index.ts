import type { Extractor } from '../model/extractor.js';
import { agGridExtractor } from './ag-grid/ag-grid.extractor.js';
import { angularExtractor } from './angular/index.js';
import { contractsExtractor } from './contracts/contracts.extractor.js';
import { federationExtractor } from './federation/federation.extractor.js';
import { translationResourcesExtractor, translationUsagesExtractor } from './i18n/index.js';
import { remoteLoadExtractor } from './federation/remote-load.extractor.js';
import { endpointCallsExtractor, openApiExtractor } from './openapi/index.js';
import { testFileExtractor } from './tests/index.js';
import { navigationExtractor } from './navigation/navigation.extractor.js';
import { routesExtractor } from './routes/index.js';
import { templateExtractor } from './templates/template.extractor.js';
import { typescriptExtractor } from './typescript/index.js';

/**
 * The extractor registry: one line per extractor, in run order. TypeScript facts first, so later
 * extractors of the same file can point at their ids. Adding an extractor = one import + one line.
 */
export const extractors: readonly Extractor[] = [
  typescriptExtractor,
  angularExtractor,
  routesExtractor,
  templateExtractor,
  navigationExtractor,
  agGridExtractor,
  federationExtractor,
  remoteLoadExtractor,
  contractsExtractor,
  openApiExtractor,
  endpointCallsExtractor,
  testFileExtractor,
  translationResourcesExtractor,
  translationUsagesExtractor,
];
