import type { ArtifactFetchers } from '../retrieval/assemble/artifact-fetch.js';
import { HttpKernel, type HttpKernelOptions } from './http-kernel.js';
import { jiraFetcher, readJiraAuth } from './jira.connector.js';
import { allowedSpecHosts, openApiFetcher } from './openapi.connector.js';

export { CONNECTOR_ERRORS, HttpKernel, retryAfterMs, type ConnectorErrorCode, type HttpKernelOptions, type HttpResult } from './http-kernel.js';
export { acceptanceCriteriaOf, jiraFetcher, readJiraAuth, type JiraAuth } from './jira.connector.js';
export { allowedSpecHosts, endpointPathsOf, openApiFetcher } from './openapi.connector.js';
export { redact } from './redact.js';

/** The connectors of one repository on one kernel (the Jira token is a secret the kernel redacts). */
export function createConnectors(input: { root: string; env?: NodeJS.ProcessEnv; kernel?: HttpKernelOptions; allowedHosts?: readonly string[] }): ArtifactFetchers {
  let token = '';
  const kernel = new HttpKernel({ ...input.kernel, secrets: () => [token] });
  const jira = jiraFetcher({ root: input.root, kernel, ...(input.env ? { env: input.env } : {}) });
  return {
    jira: async (key, signal) => {
      token = (await readJiraAuth(input.root, input.env))?.token ?? '';
      return jira(key, signal);
    },
    openApi: openApiFetcher({ kernel, allowedHosts: input.allowedHosts ?? allowedSpecHosts(input.env) }),
  };
}
