// In-process tool calls against the SP-API mocks, recording every SP-API request (method, path, query, body and
// the headers a tool chooses): what test/tool-requests*.test.ts assert about each curated tool.
import type { CallOutcome, Envelope } from '@obmcp/contract';
import { silentLogger } from '@obmcp/mcp-server/testing';
import { startMockServer } from '@obmcp/upstream-mocks';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createServer } from '../../src/server.js';

export const SP = 'https://sellingpartnerapi-na.amazon.com';
export const US = 'ATVPDKIKX0DER';
export const CA = 'A2EUQ1WTGCTBG2';
export const SELLER = 'A2MOCKSELLER01';
export const TOOL_ENV = {
  OBMCP_MOCK: '1',
  SP_API_CLIENT_ID: 'mock-sp-client-id',
  SP_API_CLIENT_SECRET: 'mock-sp-client-secret',
  SP_API_REFRESH_TOKEN: 'mock-sp-refresh-token',
  SP_API_SELLER_ID: SELLER,
  SP_API_ENABLE_WRITES: 'true',
  CODE_MODE: 'off',
  SP_API_TOOLSETS: 'curated,orders,catalog-items,reports,listings-items,product-pricing,feeds',
};

export interface Sent {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
}

/** A request to the presigned document host (S3): no SP-API credentials, the upload's type and content. */
export interface DocumentSent {
  method: string;
  path: string;
  contentType: string | null;
  credentials: boolean;
  body?: string;
}

export const DOCUMENT_HOST = 'https://tortuga-prod-na.s3-external-1.amazonaws.com';

// biome-ignore lint/suspicious/noExplicitAny: free-form tool results in assertions
export type Answer = Record<string, any>;

export interface ToolHarness {
  /** Every SP-API request (token calls aside) since the test began. */
  sent: Sent[];
  /** The SP-API token calls (restricted-data tokens) since the test began. */
  tokens: Sent[];
  /** The presigned document downloads and uploads since the test began. */
  documents: DocumentSent[];
  mocks: () => SetupServer;
  /** A fresh server (its own limiter and page memory) per call. */
  call(name: string, args: Record<string, unknown>, env?: Record<string, string>): Promise<CallOutcome>;
  ok(name: string, args: Record<string, unknown>, env?: Record<string, string>): Promise<Answer>;
  refused(name: string, args: Record<string, unknown>, env?: Record<string, string>): Promise<Envelope>;
  /** One server for several calls (page memory, document cache). */
  server(env?: Record<string, string>): {
    ok(name: string, args: Record<string, unknown>): Promise<Answer>;
    call(name: string, args: Record<string, unknown>): Promise<CallOutcome>;
  };
}

/** Registers the mock server and the request log for the calling test file. */
export function toolHarness(): ToolHarness {
  const sent: Sent[] = [];
  const tokens: Sent[] = [];
  const documents: DocumentSent[] = [];
  const reading: Promise<void>[] = [];
  let mocks: SetupServer | undefined;
  beforeAll(() => {
    mocks = startMockServer();
    mocks.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.origin === DOCUMENT_HOST) {
        const entry: DocumentSent = {
          method: request.method,
          path: url.pathname,
          contentType: request.headers.get('content-type'),
          credentials: request.headers.has('x-amz-access-token') || request.headers.has('authorization'),
        };
        documents.push(entry);
        if (request.method !== 'GET')
          reading.push(
            request
              .clone()
              .text()
              .then((t) => {
                entry.body = t;
              }),
          );
        return;
      }
      if (url.origin !== SP) return;
      const query: Record<string, string> = {};
      for (const key of new Set(url.searchParams.keys())) query[key] = url.searchParams.getAll(key).join('|');
      const entry: Sent = { method: request.method, path: url.pathname, query };
      (url.pathname.startsWith('/tokens/') ? tokens : sent).push(entry);
      if (request.method !== 'GET')
        reading.push(
          request
            .clone()
            .text()
            .then((t) => {
              if (t) entry.body = JSON.parse(t);
            }),
        );
    });
  });
  afterEach(() => {
    mocks?.resetHandlers();
    sent.length = 0;
    tokens.length = 0;
    documents.length = 0;
    reading.length = 0;
  });
  afterAll(() => mocks?.close());

  const make = (env: Record<string, string> = {}) => {
    const merged = { ...TOOL_ENV, ...env };
    return createServer(loadConfig(merged), { logger: silentLogger, env: merged }).host;
  };
  const settle = async (outcome: CallOutcome) => {
    await Promise.all(reading);
    return outcome;
  };
  const okOf = (name: string, outcome: CallOutcome): Answer => {
    if (!outcome.ok) throw new Error(`${name}: ${JSON.stringify(outcome.envelope)}`);
    return outcome.value as Answer;
  };
  const harness: ToolHarness = {
    sent,
    tokens,
    documents,
    mocks: () => {
      if (!mocks) throw new Error('mocks not started');
      return mocks;
    },
    call: async (name, args, env) => settle(await make(env).call(name, args)),
    ok: async (name, args, env) => okOf(name, await harness.call(name, args, env)),
    refused: async (name, args, env) => {
      const outcome = await harness.call(name, args, env);
      if (outcome.ok) throw new Error(`${name} should fail: ${JSON.stringify(outcome.value)}`);
      return outcome.envelope;
    },
    server: (env) => {
      const host = make(env);
      const call = async (name: string, args: Record<string, unknown>) => settle(await host.call(name, args));
      return { call, ok: async (name, args) => okOf(name, await call(name, args)) };
    },
  };
  return harness;
}

/** The answer without its `_meta` (what the tool itself returned). */
export function bare(answer: Answer): Answer {
  const { _meta, ...rest } = answer;
  return rest;
}
