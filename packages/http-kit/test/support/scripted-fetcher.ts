// The pipeline tests' upstream: a scripted fetcher that records what reaches the wire, and a bearer auth plug-in.
import type { Fetcher } from '../../src/fetcher.js';
import type { AuthPlugin } from '../../src/pipeline/types.js';
import { buildResponse } from '../../src/response.js';
import type { UpstreamRequest } from '../../src/types.js';

export interface Canned {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A fetcher that answers each request with the next canned answer (the last one repeats) and records it. */
export function scripted(...answers: Canned[]) {
  const sent: UpstreamRequest[] = [];
  const fetcher: Fetcher = {
    send: async (req) => {
      sent.push(req);
      const next = answers.length > 1 ? answers.shift() : answers[0];
      const { status, body = {}, headers = {} } = next ?? { status: 200 };
      const bytes = new TextEncoder().encode(JSON.stringify(body));
      const response = new Response(null, {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      });
      return buildResponse(
        response,
        bytes,
        { method: req.method, host: 'api.test', timeoutMs: 1000 },
        String(req.url),
      );
    },
    close: async () => undefined,
  };
  return { fetcher, sent };
}

/** Bearer auth whose token names the scope; a 401 means the credential expired. */
export const bearer: AuthPlugin = {
  headers: (scope) => ({ authorization: `Bearer ${scope || 'default'}` }),
  invalidate: () => undefined,
  isExpired: (res) => res.status === 401,
};
