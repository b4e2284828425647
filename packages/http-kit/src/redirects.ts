// Follows redirects ourselves (bounded hop count, scoped hosts): msw's own redirect loop never ends and starves timers.
import { type RedirectHosts, type RedirectRefusalReason, redirectRefusal } from './redirect-scope.js';
import type { UpstreamRequest } from './types.js';

/** Thrown (internally) after too many hops; the fetcher maps it to UPSTREAM_UNREACHABLE. */
export class TooManyRedirectsError extends Error {
  constructor(readonly maxRedirects: number) {
    super(`more than ${maxRedirects} redirects`);
    this.name = 'TooManyRedirectsError';
  }
}

/** Thrown (internally) for a redirect outside the upstream's scope; the fetcher maps it to UPSTREAM_REDIRECT_REFUSED. */
export class RedirectRefusedError extends Error {
  constructor(
    readonly reason: RedirectRefusalReason,
    readonly status: number,
    /** Host of the refused target (never its path or query, which may carry a signature); '' if unreadable. */
    readonly targetHost: string,
  ) {
    super(`redirect refused (${reason})`);
    this.name = 'RedirectRefusedError';
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
/**
 * Headers kept on a hop to another origin (another host, port or scheme, https → http on the same host
 * included): every credential (authorization, proxy-authorization, x-amz-access-token, cookie, api keys …)
 * is dropped, whatever its name, because only these are kept.
 */
const CROSS_ORIGIN_SAFE = new Set(['accept', 'accept-encoding', 'accept-language', 'user-agent']);
/** Headers dropped when a redirect turns the request into a GET. */
const BODY_HEADERS = new Set(['content-type', 'content-length', 'content-encoding', 'content-language']);

/** The next hop for a redirect response, or undefined when `response` is final. Throws for an unreadable Location. */
export function nextHop(hop: Hop, response: Response): Hop | undefined {
  // Status first: most responses are final, and a header read costs more than a Set lookup.
  if (!REDIRECT.has(response.status)) return undefined;
  const location = response.headers.get('location');
  if (location === null) return undefined;
  let url: URL;
  try {
    url = new URL(location, hop.url);
  } catch {
    throw new RedirectRefusedError('malformed_location', response.status, '');
  }
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

/**
 * Runs `send` for each hop until a final response; at most maxRedirects extra hops, each one inside
 * `hosts` (redirect-scope.ts), else RedirectRefusedError before anything is sent to the target.
 */
export async function followRedirects(
  first: Hop,
  maxRedirects: number,
  hosts: RedirectHosts,
  send: (hop: Hop) => Promise<Response>,
): Promise<{ response: Response; url: URL }> {
  let hop = first;
  const warnings: string[] = [];
  for (let hops = 0; ; hops++) {
    const response = await send(hop);
    let next: Hop | undefined;
    try {
      next = nextHop(hop, response);
    } catch (error) {
      response.body?.cancel().catch(() => undefined);
      throw error;
    }
    if (next === undefined) return { response: withHopWarnings(response, warnings), url: hop.url };
    response.body?.cancel().catch(() => undefined);
    const refusal = redirectRefusal(first.url, hop.url, next.url, hosts);
    if (refusal !== undefined) throw new RedirectRefusedError(refusal, response.status, next.url.host);
    const warning = response.headers.get('warning');
    if (warning !== null) warnings.push(warning);
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
