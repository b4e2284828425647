// Builds UpstreamTransportErrors with fixed, bounded, secret-free summaries and details.
import { UpstreamTransportError } from '@obmcp/contract';

/** What an error may say about the exchange: never headers, bodies, query strings or paths. */
export interface ExchangeInfo {
  method: string;
  host: string;
  timeoutMs: number;
  /** host:port of the forward proxy in use (HTTPS_PROXY …), never its credentials; absent = direct. */
  proxyHost?: string | undefined;
}

type TransportCode = 'UPSTREAM_TIMEOUT' | 'UPSTREAM_UNREACHABLE' | 'UPSTREAM_INVALID_RESPONSE';

const SAFE_CODE = /^[A-Z][A-Z0-9_]{1,39}$/;

/** A cause's `code` (ECONNRESET, UND_ERR_…) when it looks like a plain identifier. */
export function causeCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && SAFE_CODE.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function transportError(
  code: TransportCode,
  summary: string,
  issue: string,
  info: ExchangeInfo | undefined,
  cause?: unknown,
  hints: string[] = [],
): UpstreamTransportError {
  const networkCode = causeCode(cause);
  return new UpstreamTransportError(code, {
    summary,
    details: [
      {
        path: '',
        issue,
        received_type: code === 'UPSTREAM_INVALID_RESPONSE' ? 'upstream_response' : 'upstream_transport',
        ...(info === undefined ? {} : { upstream_host: info.host, method: info.method }),
        ...(networkCode === undefined ? {} : { network_code: networkCode }),
      },
    ],
    hints,
    cause,
  });
}

export function timeoutError(info: ExchangeInfo, cause?: unknown): UpstreamTransportError {
  return transportError(
    'UPSTREAM_TIMEOUT',
    `Upstream ${info.host} did not answer within ${info.timeoutMs} ms.`,
    `no complete response within ${info.timeoutMs} ms`,
    info,
    cause,
  );
}

export function unreachableError(info: ExchangeInfo, cause?: unknown): UpstreamTransportError {
  return transportError(
    'UPSTREAM_UNREACHABLE',
    `Upstream ${info.host} could not be reached.`,
    'connection failed, was reset, or redirected too often',
    info,
    cause,
    unreachableHints(info),
  );
}

/** What to check when an upstream cannot be reached: the network path, then the forward proxy (or its absence). */
export function unreachableHints(info: ExchangeInfo): string[] {
  const proxy =
    info.proxyHost === undefined
      ? "Behind a corporate forward proxy? Set HTTPS_PROXY (and NO_PROXY for hosts reached directly) in the server's environment and restart it."
      : `Requests go through the forward proxy ${info.proxyHost} (HTTPS_PROXY/HTTP_PROXY) unless NO_PROXY lists ${info.host}: check that the proxy is up and allows ${info.host}.`;
  return [
    `Check that ${info.host} resolves and is reachable from the server's machine (DNS, firewall, VPN) and that its configured endpoint is right.`,
    proxy,
    'Retry after a short wait: a brief network failure passes.',
  ];
}

export function invalidResponseError(
  info: ExchangeInfo | undefined,
  issue: string,
  cause?: unknown,
): UpstreamTransportError {
  return transportError(
    'UPSTREAM_INVALID_RESPONSE',
    info === undefined
      ? 'Upstream sent a document that could not be read.'
      : `Upstream ${info.host} sent a response that could not be read.`,
    issue,
    info,
    cause,
  );
}
