// createFetcher: one pooled undici Agent (through HTTPS_PROXY/NO_PROXY when set) + global fetch; each exchange bounded in time (AbortSignal) and size.
import type { Agent } from 'undici';
import { classifyFailure } from './classify-failure.js';
import { exchangeSignal } from './exchange-signal.js';
import { givenAgent, lazyAgent } from './lazy-agent.js';
import { configuredProxyHost } from './proxy-env.js';
import { readBodyBounded } from './read-body.js';
import { RedirectHosts } from './redirect-scope.js';
import { followRedirects, type Hop } from './redirects.js';
import { buildResponse } from './response.js';
import type { ExchangeInfo } from './transport-errors.js';
import type { UpstreamRequest, UpstreamResponse } from './types.js';
import { untilAborted } from './until-aborted.js';
import { splitUrlCredentials } from './url-credentials.js';

export interface FetcherOptions {
  /** Bound on one whole exchange (connect, headers and reading the full body). */
  timeoutMs: number;
  /** TCP/TLS connect timeout of the shared Agent. Default min(timeoutMs, 10 000). */
  connectTimeoutMs?: number;
  /** Cap on the (decoded) body size. Default 10 MiB. */
  maxBodyBytes?: number;
  /** Sent as user-agent unless the request sets one. */
  userAgent?: string;
  /** Redirects followed (301/302/303/307/308) before UPSTREAM_UNREACHABLE. Default 10. */
  maxRedirects?: number;
  /**
   * Hosts a redirect may lead to besides the asked URL's own host: exact names or `*.` suffixes (the
   * upstream's other hosts, the storage hosts its documents live on). Anything else, and any loopback,
   * link-local or private address, is UPSTREAM_REDIRECT_REFUSED (redirect-scope.ts). Default: none.
   */
  redirectHosts?: readonly string[];
  /** Use this Agent instead of creating one (it is then not closed by close()). */
  agent?: Agent;
}

export interface Fetcher {
  /** Sends one request; resolves for every HTTP status (non-2xx included), rejects on transport failure. */
  send(req: UpstreamRequest): Promise<UpstreamResponse>;
  /** Closes the Agent this fetcher created (no-op for an injected one). */
  close(): Promise<void>;
}

const DEFAULT_MAX_BODY = 10 * 1024 * 1024;

export function createFetcher(options: FetcherOptions): Fetcher {
  const agents = options.agent === undefined ? lazyAgent(options) : givenAgent(options.agent);
  const defaultMaxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const maxRedirects = options.maxRedirects ?? 10;
  const redirectHosts = new RedirectHosts(options.redirectHosts ?? []);
  // Only for hints: an injected Agent never goes through a proxy; ours reads the same variables (lazy-agent.ts).
  const proxyHost = options.agent === undefined ? configuredProxyHost() : undefined;

  async function send(req: UpstreamRequest): Promise<UpstreamResponse> {
    const given = new URL(req.url);
    const method = req.method.toUpperCase();
    if (req.body !== undefined && (method === 'GET' || method === 'HEAD')) {
      throw new TypeError(`http-kit: a ${method} request cannot have a body`);
    }
    req.signal?.throwIfAborted();
    const timeoutMs = req.timeoutMs ?? options.timeoutMs;
    const headers: Record<string, string> = {};
    if (options.userAgent !== undefined) headers['user-agent'] = options.userAgent;
    for (const [name, value] of Object.entries(req.headers ?? {})) headers[name.toLowerCase()] = value;
    // A configured base URL may carry a proxy's user:password: it becomes a header, never part of the URL.
    const { url, credentials } = splitUrlCredentials(given, headers);
    if (credentials !== undefined) headers[credentials.name] = credentials.value;
    const info: ExchangeInfo = { method, host: url.host, timeoutMs, proxyHost };
    // Only the first exchange waits here (it loads undici); the exchange's time starts after it.
    const dispatcher = agents.current() ?? (await agents.load());
    // One signal per exchange: its own timeout, or the caller's cancellation, whichever comes first.
    const bound = exchangeSignal(timeoutMs, req.signal);
    const signal = bound.signal;
    try {
      const sendHop = (hop: Hop): Promise<Response> => {
        const init: RequestInit = {
          method: hop.method,
          headers: hop.headers,
          body: hop.body,
          redirect: 'manual',
          signal,
        };
        // `dispatcher` is undici's extension of RequestInit (Node's bundled fetch honours an undici 7 Agent);
        // the two packages' Dispatcher types differ, so it is added untyped.
        return globalThis.fetch(hop.url, Object.assign(init, { dispatcher }));
      };
      const exchange = async (): Promise<UpstreamResponse> => {
        const first: Hop = { url, method, headers, body: req.body };
        const { response, url: finalUrl } = await followRedirects(
          first,
          maxRedirects,
          redirectHosts,
          sendHop,
        );
        const bytes = await readBodyBounded(response, req.maxBodyBytes ?? defaultMaxBody, signal);
        return buildResponse(response, bytes, info, finalUrl.toString());
      };
      // fetch and the body stream honour the signal; the race also bounds a stream that ignores it.
      return await untilAborted(exchange(), signal);
    } catch (error) {
      throw classifyFailure(error, { info, timedOut: bound.timedOut, caller: req.signal });
    } finally {
      bound.release();
    }
  }

  return {
    send,
    close: () => agents.close(),
  };
}
