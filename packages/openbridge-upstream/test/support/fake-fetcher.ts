// A scripted Fetcher: answers each request with the next canned response and records what was sent.
import type { Fetcher, UpstreamResponse } from '@obmcp/http-kit';

type UpstreamRequest = Parameters<Fetcher['send']>[0];

export interface Canned {
  status: number;
  body?: unknown;
  contentType?: string;
}

export function response({ status, body, contentType = 'application/json' }: Canned): UpstreamResponse {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: new Headers({ 'content-type': contentType }),
    url: 'https://fake.example/',
    bytes: new TextEncoder().encode(text),
    isJson: /json/.test(contentType),
    text: () => text,
    json: () => JSON.parse(text) as unknown,
  };
}

export function fakeFetcher(answers: Canned[]): Fetcher & { sent: UpstreamRequest[] } {
  const sent: UpstreamRequest[] = [];
  return {
    sent,
    send: async (req) => {
      sent.push(req);
      const next = answers.shift();
      if (!next) throw new Error('no canned answer left');
      return response(next);
    },
    close: async () => undefined,
  };
}

/** An unsigned JWT with these claims (the exchange reads, never verifies, them). */
export function jwtWith(claims: Record<string, unknown>): string {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none' })}.${part(claims)}.sig`;
}
