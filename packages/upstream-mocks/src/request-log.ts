// OBMCP_MOCK_REQUEST_LOG: what the mocked upstreams received, one JSON line per request, for tests to read.
import { appendFileSync } from 'node:fs';
import { http, type RequestHandler } from 'msw';
import { mockSettings } from './settings.js';

/** Credential exchanges (LWA, Openbridge auth) are not recorded: their bodies carry refresh tokens. */
const CREDENTIAL_EXCHANGE =
  /^https:\/\/(api\.amazon\.(com|co\.uk|co\.jp)\/auth\/|authentication\.api\.openbridge\.io\/)/;

/** One API request as the mocked upstream saw it (headers are not recorded). */
export interface RecordedRequest {
  method: string;
  url: string;
  /** The body text, when there is one. */
  body?: string;
}

/**
 * A first handler that records and then falls through to the real ones (returns nothing). The line is
 * written before the upstream answers, so a test that got its tool result can read it.
 */
export function requestLogHandlers(): RequestHandler[] {
  const file = mockSettings.requestLog();
  if (file === undefined) return [];
  return [
    http.all('*', async ({ request }) => {
      if (CREDENTIAL_EXCHANGE.test(request.url)) return undefined;
      const body = request.body === null ? undefined : await request.clone().text();
      const entry: RecordedRequest = { method: request.method, url: request.url, ...(body ? { body } : {}) };
      appendFileSync(file, `${JSON.stringify(entry)}\n`);
      return undefined;
    }),
  ];
}
