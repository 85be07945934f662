/** The observer console's default port; its own module so the CLI names it without loading the server. */
export const DEFAULT_DASHBOARD_PORT = 8722;
