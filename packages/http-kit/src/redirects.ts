// Follows redirects ourselves (bounded hop count): msw's own redirect loop never ends and starves timers.
import type { UpstreamRequest } from './types.js';

/** Thrown (internally) after too many hops; the fetcher maps it to UPSTREAM_UNREACHABLE. */
export class TooManyRedirectsError extends Error {
  constructor(readonly maxRedirects: number) {
    super(`more than ${maxRedirects} redirects`);
    this.name = 'TooManyRedirectsError';
  }
}

export interface Hop {
  url: URL;
  method: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: UpstreamRequest['body'];
}

const REDIRECT = new Set([301, 302, 303, 307, 308]);
/** Headers kept on a cross-origin hop: credentials (authorization, x-amz-access-token …) are dropped. */
const CROSS_ORIGIN_SAFE = new Set(['accept', 'accept-encoding', 'accept-language', 'user-agent']);
/** Headers dropped when a redirect turns the request into a GET. */
const BODY_HEADERS = new Set(['content-type', 'content-length', 'content-encoding', 'content-language']);

/** The next hop for a redirect response, or undefined when `response` is final. */
export function nextHop(hop: Hop, response: Response): Hop | undefined {
  // Status first: most responses are final, and a header read costs more than a Set lookup.
  if (!REDIRECT.has(response.status)) return undefined;
  const location = response.headers.get('location');
  if (location === null) return undefined;
  const url = new URL(location, hop.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const toGet =
    (response.status === 303 && hop.method !== 'HEAD') ||
    ((response.status === 301 || response.status === 302) && hop.method === 'POST');
  const crossOrigin = url.origin !== hop.url.origin;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(hop.headers)) {
    if (toGet && BODY_HEADERS.has(name)) continue;
    if (crossOrigin && !CROSS_ORIGIN_SAFE.has(name)) continue;
    headers[name] = value;
  }
  return { url, method: toGet ? 'GET' : hop.method, headers, body: toGet ? undefined : hop.body };
}

/** Runs `send` for each hop until a final response; at most maxRedirects extra hops. */
export async function followRedirects(
  first: Hop,
  maxRedirects: number,
  send: (hop: Hop) => Promise<Response>,
): Promise<{ response: Response; url: URL }> {
  let hop = first;
  const warnings: string[] = [];
  for (let hops = 0; ; hops++) {
    const response = await send(hop);
    const next = nextHop(hop, response);
    if (next === undefined) return { response: withHopWarnings(response, warnings), url: hop.url };
    const warning = response.headers.get('warning');
    if (warning !== null) warnings.push(warning);
    response.body?.cancel().catch(() => undefined);
    if (hops >= maxRedirects) throw new TooManyRedirectsError(maxRedirects);
    hop = next;
  }
}

/**
 * A Warning the upstream sent on a redirect (e.g. a download's 307) is its word on this exchange: it reaches
 * the final answer, so `_meta.warnings` shows it as it would on a direct answer.
 */
function withHopWarnings(response: Response, warnings: readonly string[]): Response {
  if (warnings.length === 0) return response;
  const headers = new Headers(response.headers);
  for (const warning of warnings) headers.append('warning', warning);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
