// In-process curated-tool calls against the spec-checked msw upstream, recording each Ads request the way the
// agent's call put it on the wire (method, path, query, scope/media headers, JSON body).
import type { CallOutcome, Envelope } from '@obmcp/contract';
import { silentLogger } from '@obmcp/mcp-server/testing';
import { startMockServer } from '@obmcp/upstream-mocks';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createServer } from '../../src/server.js';

export const API = 'https://advertising-api.amazon.com';
export const PROFILE = '1111111111';
export const CLIENT_ID = 'mock-ads-client-id';
export const ENV: Readonly<Record<string, string>> = {
  OBMCP_MOCK: '1',
  ADS_API_CLIENT_ID: CLIENT_ID,
  ADS_API_CLIENT_SECRET: 'mock-ads-client-secret',
  ADS_API_REFRESH_TOKEN: 'mock-ads-refresh-token',
  ADS_API_PROFILE_ID: PROFILE,
  ADS_API_ENABLE_WRITES: 'true',
  ADS_API_TOOLSETS: 'curated,sp,sb,sd,amc,accounts,reporting,exports',
  CODE_MODE: 'off',
};

export interface Sent {
  /** Only when not the NA API host (another region's host). */
  origin?: string;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: unknown;
}

const ADS_HOSTS = /^https:\/\/advertising-api(-eu|-fe)?\.amazon\.com$/;
const RECORDED =
  /^amazon-advertising-api-(scope|advertiserid|marketplaceid|clientid)$|^amazon-ads-accountid$|^content-type$|^accept$/;

/** The headers every profile-scoped call sends: its vendor media type both ways, the profile and the client id. */
export const scoped = (media: string, accept = media): Record<string, string> => ({
  accept: `application/${accept}`,
  'content-type': `application/${media}`,
  'amazon-advertising-api-scope': PROFILE,
  'amazon-advertising-api-clientid': CLIENT_ID,
});

export interface Wire {
  /** The Ads requests of the current test, in order. */
  sent: Sent[];
  mocks: () => SetupServer;
  /** A fresh server (its own session) per call unless one is given. */
  call(name: string, args: Record<string, unknown>, env?: Record<string, string>): Promise<CallOutcome>;
  // biome-ignore lint/suspicious/noExplicitAny: free-form tool results in assertions
  ok(name: string, args: Record<string, unknown>, env?: Record<string, string>): Promise<Record<string, any>>;
  refused(name: string, args: Record<string, unknown>, env?: Record<string, string>): Promise<Envelope>;
  host(env?: Record<string, string>): ReturnType<typeof createServer>['host'];
  /** Waits for the bodies of the requests sent so far. */
  settled(): Promise<void>;
}

/** Registers the msw upstream and the recorder for the calling test file. */
export function useWire(): Wire {
  const sent: Sent[] = [];
  const reading: Promise<void>[] = [];
  let mocks: SetupServer | undefined;
  beforeAll(() => {
    mocks = startMockServer();
    mocks.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (!ADS_HOSTS.test(url.origin)) return;
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        if (RECORDED.test(name)) headers[name] = value;
      });
      const entry: Sent = {
        ...(url.origin === API ? {} : { origin: url.origin }),
        method: request.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers,
      };
      sent.push(entry);
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
    reading.length = 0;
  });
  afterAll(() => mocks?.close());
  const host = (env: Record<string, string> = { ...ENV }) =>
    createServer(loadConfig(env), { logger: silentLogger, env }).host;
  const settled = async () => {
    await Promise.all(reading);
  };
  const call = async (name: string, args: Record<string, unknown>, env?: Record<string, string>) => {
    const outcome = await host(env).call(name, args);
    await settled();
    return outcome;
  };
  return {
    sent,
    mocks: () => {
      if (!mocks) throw new Error('useWire: the mock server starts in beforeAll');
      return mocks;
    },
    call,
    host,
    settled,
    async ok(name, args, env) {
      const outcome = await call(name, args, env);
      if (!outcome.ok) throw new Error(`${name}: ${JSON.stringify(outcome.envelope)}`);
      return outcome.value as Record<string, unknown>;
    },
    async refused(name, args, env) {
      const outcome = await call(name, args, env);
      if (outcome.ok) throw new Error(`${name} should fail: ${JSON.stringify(outcome.value)}`);
      return outcome.envelope;
    },
  };
}
