// Path and header values from arguments: one segment each (greedy ones several), never empty/./.., no control characters — refused as input before the wire.
import { DomainValidationError, type ServerProfile } from '@obmcp/contract';
import { envelopeFromThrown } from '@obmcp/contract/envelope';
import { describe, expect, it } from 'vitest';
import { checkBuiltPath } from '../src/wire-values.js';
import { checkHeaderValue, fillPath } from '../src/entries/wire.js';
import { createPipeline, type Fetcher, noRateLimitHeaders } from '../src/index.js';

const PROFILE: ServerProfile = {
  name: 'test-mcp',
  version: '0.0.0',
  httpKind: 'sp_api_http',
  clientKind: 'sp_api_client',
  httpCodePrefix: 'SP_API',
  errorKinds: ['mcp_input_validation', 'sp_api_http', 'sp_api_client', 'internal_error'],
};

/** What the agent would see: the envelope's kind, code and retryable. */
const seen = (error: unknown) => {
  const e = envelopeFromThrown(error, { profile: PROFILE, tool: 't' });
  return { kind: e.error_kind, retryable: e.retryable, details: e.details };
};

function refusal(run: () => unknown): DomainValidationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainValidationError);
    return error as DomainValidationError;
  }
  throw new Error('expected a refusal');
}

describe('fillPath', () => {
  it('encodes each value as one strict RFC 3986 segment', () => {
    expect(
      fillPath('/items/{sellerId}/{sku}', { sellerId: { value: 'A1' }, sku: { value: "a/b c(1)'?#" } }),
    ).toBe('/items/A1/a%2Fb%20c%281%29%27%3F%23');
  });

  it('sends a greedy value with literal slashes, each segment still encoded', () => {
    expect(
      fillPath('/uploads/2020-11-01/uploadDestinations/{resource}', {
        resource: { value: 'messaging/v1/orders/902-1 2/messages/invoice', greedy: true },
      }),
    ).toBe('/uploads/2020-11-01/uploadDestinations/messaging/v1/orders/902-1%202/messages/invoice');
  });

  it.each(['', '.', '..', 'a\r\nX-Injected: 1', 'tab\there', 'nul\u0000'])(
    'refuses %j as input, naming the argument',
    (value) => {
      const error = refusal(() =>
        fillPath('/service/v1/serviceJobs/{serviceJobId}/appointments', {
          serviceJobId: { value, pointer: 'serviceJobId' },
        }),
      );
      expect(error.details[0]?.path).toBe('serviceJobId');
      expect(seen(error)).toMatchObject({ kind: 'mcp_input_validation', retryable: false });
    },
  );

  it('refuses a greedy value with an empty, . or .. segment', () => {
    for (const value of ['aplus//x', '../reports', 'a/./b', 'a/', '/a']) {
      const error = refusal(() =>
        fillPath('/u/{resource}', { resource: { value, greedy: true, pointer: 'resource' } }),
      );
      expect(error.details[0]?.path).toBe('resource');
    }
  });
});

describe('checkHeaderValue and checkBuiltPath', () => {
  it('refuses a control character in a header value with the argument pointer', () => {
    expect(checkHeaderValue('plain value', 'x')).toBe('plain value');
    expect(
      refusal(() => checkHeaderValue('x\r\nX-Injected: yes', 'Amazon-Ads-AccountId')).details[0]?.path,
    ).toBe('Amazon-Ads-AccountId');
  });

  it('refuses dot segments (raw or encoded) and empty interior segments of a hand-built path', () => {
    for (const path of ['/a/../b', '/a/./b', '/a/%2e%2E/b', '/a//b', '/a/..?x=1'])
      refusal(() => checkBuiltPath(path));
    // A relative path's own trailing slash, dots inside a segment, the query, and absolute URLs (from
    // configuration or the upstream: a pre-signed key may hold anything) pass.
    for (const path of ['/v2/dp/audiencemetadata/', '/a/b.c/..d', '/a?x=/../', 'https://h.example/a//b/../c'])
      expect(() => checkBuiltPath(path)).not.toThrow();
  });
});

describe('the pipeline refuses before the wire', () => {
  const sent: string[] = [];
  const fetcher = {
    send: async (req: { url: string | URL }) => {
      sent.push(String(req.url));
      throw new Error('must not be reached');
    },
  } as unknown as Fetcher;
  const pipeline = createPipeline({
    name: 't',
    service: 'Test',
    fetcher,
    baseUrl: () => 'https://api.example',
    auth: { headers: () => ({}), invalidate: () => {}, isExpired: () => false },
    headers: noRateLimitHeaders([]),
    errors: () => ({ details: [], hints: [] }),
    retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1, maxTotalMs: 100 },
  });

  it('a CR/LF header value is an input error, not UPSTREAM_UNREACHABLE, and nothing is sent', async () => {
    const error = await pipeline
      .exchange({
        operation: 'x',
        method: 'GET',
        path: '/x',
        headers: { 'amazon-ads-accountid': 'x\r\nX-Injected: yes' },
      })
      .catch((e: unknown) => e);
    expect(seen(error)).toMatchObject({ kind: 'mcp_input_validation', retryable: false });
    const traversal = await pipeline
      .exchange({ operation: 'x', method: 'POST', path: '/service/v1/serviceJobs/../appointments' })
      .catch((e: unknown) => e);
    expect(seen(traversal)).toMatchObject({ kind: 'mcp_input_validation' });
    expect(sent).toEqual([]);
  });
});
