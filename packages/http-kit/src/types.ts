// Request/response shapes of one upstream HTTP exchange (see fetcher.ts).

export interface UpstreamRequest {
  method: string;
  url: string | URL;
  /** Sent as-is. Never copied into errors, details or logs by http-kit. */
  headers?: Record<string, string>;
  body?: string | Uint8Array | URLSearchParams;
  /** Overrides the fetcher's timeoutMs for this exchange (headers + whole body). */
  timeoutMs?: number;
  /** Caller's cancellation; aborting it rethrows the AbortError (not a transport error). */
  signal?: AbortSignal;
  /** Overrides the fetcher's maxBodyBytes for this exchange. */
  maxBodyBytes?: number;
}

export interface UpstreamResponse {
  status: number;
  /** status in 200..299. http-kit never throws for a non-2xx status; the app decides. */
  ok: boolean;
  headers: Headers;
  /** Final URL after redirects. */
  url: string;
  /** Whole (already content-decoded) body, at most maxBodyBytes. */
  bytes: Uint8Array;
  /** content-type is application/json, text/json or any `+json` type (application/vnd.*+json). */
  isJson: boolean;
  /** Body as UTF-8 (invalid sequences replaced). */
  text(): string;
  /** Parsed body; throws UpstreamTransportError('UPSTREAM_INVALID_RESPONSE') when unparsable. */
  json(): unknown;
}
