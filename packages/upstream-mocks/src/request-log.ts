// OBMCP_MOCK_REQUEST_LOG: what the mocked API hosts received, one JSON line per request, for tests to read.
import { appendFileSync } from 'node:fs';
import { mockSettings } from './settings.js';

/** One API request as the mocked upstream saw it. */
export interface RecordedRequest {
  method: string;
  url: string;
  /** Request headers, lower-case names, credentials left out (authorization, access tokens, cookies). */
  headers?: Record<string, string>;
  /** The body text, when there is one (a binary body as its UTF-8 reading). */
  body?: string;
}

/** Headers never written to the log: credentials. */
const SECRET_HEADERS = new Set(['authorization', 'x-amz-access-token', 'cookie', 'proxy-authorization']);

/** Requests already written (the spec gate records first; the handler that answers must not record again). */
const recorded = new WeakSet<Request>();

/**
 * Appends the request before the mock answers it, once, whoever answers: the spec gate records it before it
 * judges (so a request the gate refuses is in the log too), a handler's withFault otherwise, so a test that got its tool result can read it (and count
 * lines). Only the API channel is recorded: credential exchanges carry refresh tokens in their bodies.
 */
export async function recordRequest(request: Request): Promise<void> {
  const file = mockSettings.requestLog();
  if (file === undefined || recorded.has(request)) return;
  recorded.add(request);
  const body = request.body === null ? undefined : await request.clone().text();
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    if (!SECRET_HEADERS.has(name)) headers[name] = value;
  });
  const entry: RecordedRequest = {
    method: request.method,
    url: request.url,
    headers,
    ...(body ? { body } : {}),
  };
  appendFileSync(file, `${JSON.stringify(entry)}\n`);
}
