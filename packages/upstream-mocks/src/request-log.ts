// OBMCP_MOCK_REQUEST_LOG: what the mocked API hosts received, one JSON line per request, for tests to read.
import { appendFileSync } from 'node:fs';
import { mockSettings } from './settings.js';

/** One API request as the mocked upstream saw it (headers are not recorded). */
export interface RecordedRequest {
  method: string;
  url: string;
  /** The body text, when there is one. */
  body?: string;
}

/**
 * Appends the request before the mock answers it, so a test that got its tool result can read it (and count
 * lines). Only the API channel is recorded: credential exchanges carry refresh tokens in their bodies.
 */
export async function recordRequest(request: Request): Promise<void> {
  const file = mockSettings.requestLog();
  if (file === undefined) return;
  const body = request.body === null ? undefined : await request.clone().text();
  const entry: RecordedRequest = { method: request.method, url: request.url, ...(body ? { body } : {}) };
  appendFileSync(file, `${JSON.stringify(entry)}\n`);
}
