/**
 * DNS-rebinding guard: a web page whose host name was rebound to 127.0.0.1 sends its own name in
 * `Host`. A loopback-bound console answers only `localhost`, `127.x.x.x` or `[::1]`, with an optional port.
 */
export function isLoopbackHostHeader(header: string | undefined): boolean {
  if (!header) return false;
  const match = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::(\d{1,5}))?$/i.exec(header);
  if (!match) return false;
  if (match[1]!.startsWith('127') && match[1]!.split('.').some((octet) => Number(octet) > 255)) return false;
  return match[2] === undefined || Number(match[2]) <= 65_535;
}

/** Whether a bind address is a loopback one (the only kind this increment accepts: it has no authentication yet). */
export function isLoopbackAddress(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/**
 * Browsers mark requests another site's page makes (`Sec-Fetch-Site: cross-site`, or `same-site`
 * for another localhost port). Such a page cannot read the answers (no CORS), but could still make
 * the console work; only the console's own requests, typed addresses and link navigations to the
 * page itself are served. Clients that send no such header (curl, scripts) are not affected.
 */
export function isForeignPageRequest(headers: { 'sec-fetch-site'?: string; 'sec-fetch-mode'?: string }, path: string): boolean {
  const site = headers['sec-fetch-site'];
  if (site === undefined || site === 'same-origin' || site === 'none') return false;
  return !(headers['sec-fetch-mode'] === 'navigate' && path === '/');
}
