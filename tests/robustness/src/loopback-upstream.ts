// A loopback HTTP upstream standing in for every host of a server (credential endpoints and API), for stdio tests without msw.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppName } from '@obmcp/test-kit';
import { CANARY_ENV } from './canaries.js';

export interface LoopbackUpstream {
  base: string;
  /** API requests received (`METHOD url #n`), oldest first, and the ones whose connection then closed. */
  arrived: string[];
  closed: string[];
  /** Credential exchanges received (LWA token, Openbridge JWT), as `METHOD path`. */
  tokenRequests: string[];
  /** Basic credentials (Authorization or Proxy-Authorization) of every request, decoded, in arrival order. */
  basicCredentials: string[];
  /**
   * 'hold': API requests are never answered; 'answer': an empty success in each API's shape; 'echo': a 403
   * whose message echoes the request's credential headers (as some proxies and debug endpoints do).
   */
  apiMode: 'hold' | 'answer' | 'echo';
  /** The next `times` credential exchanges fail with `status` (Retry-After: 0), then they succeed again. */
  failTokens(status: number, times: number): void;
  close(): Promise<void>;
}

const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** An empty success as each API shapes it (SP-API payload, Ads profile list, Openbridge JSON:API). */
function emptyAnswer(path: string): unknown {
  if (path.startsWith('/sellers/')) return { payload: [] };
  if (path.startsWith('/v2/profiles')) return [];
  return { data: [], links: {}, meta: {} };
}

export async function startLoopbackUpstream(): Promise<LoopbackUpstream> {
  let failing: { status: number; left: number } | undefined;
  const state: Omit<LoopbackUpstream, 'base' | 'close' | 'failTokens'> = {
    arrived: [],
    closed: [],
    tokenRequests: [],
    basicCredentials: [],
    apiMode: 'hold',
  };
  const credential = (req: IncomingMessage, res: ServerResponse, path: string): void => {
    state.tokenRequests.push(`${req.method} ${path}`);
    req.resume();
    if (failing && failing.left > 0) {
      failing.left -= 1;
      json(res, failing.status, { error: 'temporarily_unavailable' }, { 'retry-after': '0' });
      return;
    }
    if (path.startsWith('/auth/api/ref')) {
      const jwt = `${b64({ alg: 'none' })}.${b64({ exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
      json(res, 200, { data: { type: 'APIAuth', attributes: { token: jwt } } });
    } else json(res, 200, { access_token: 'Atza|loopback', token_type: 'bearer', expires_in: 3600 });
  };
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    for (const header of [req.headers.authorization, req.headers['proxy-authorization']])
      if (header?.startsWith('Basic '))
        state.basicCredentials.push(Buffer.from(header.slice(6), 'base64').toString('utf8'));
    if (path.startsWith('/auth/api/ref') || path.startsWith('/auth/o2/token')) {
      credential(req, res, path);
      return;
    }
    const id = `${req.method} ${path} #${state.arrived.length}`;
    state.arrived.push(id);
    req.socket.once('close', () => state.closed.push(id));
    if (state.apiMode === 'answer') json(res, 200, emptyAnswer(path));
    if (state.apiMode === 'echo') {
      const echo = `Access to requested resource is denied. echo: ${[req.headers.authorization, req.headers['proxy-authorization'], req.headers['x-amz-access-token']].filter(Boolean).join(' ')}`;
      json(res, 403, {
        errors: [{ code: 'Unauthorized', message: echo }],
        code: 'UNAUTHORIZED',
        details: echo,
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    failTokens(status: number, times: number) {
      failing = { status, left: times };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}

export interface LoopbackTarget {
  app: AppName;
  /** A read tool that makes one API request. */
  tool: string;
  /** Canary credentials and the settings that point every host of the server at `base`. */
  env(base: string): Record<string, string>;
}

/** A direct-LWA server (sp-mcp `SP_API_*`, ads-mcp `ADS_API_*`): canary credentials, API and token URLs at `base`. */
function lwaServerEnv(prefix: 'SP_API' | 'ADS_API', base: string): Record<string, string> {
  const env: Record<string, string> = {
    [`${prefix}_ENDPOINT`]: base,
    [`${prefix}_LWA_ENDPOINT`]: `${base}/auth/o2/token`,
    [`${prefix}_TIMEOUT_MS`]: '60000',
    CODE_MODE: 'off',
  };
  for (const key of ['CLIENT_ID', 'CLIENT_SECRET', 'REFRESH_TOKEN'])
    env[`${prefix}_${key}`] = CANARY_ENV[`${prefix}_${key}`] ?? '';
  return env;
}

// Timeouts far longer than any test: only a cancellation (or an answer) ends an exchange in time.
export const LOOPBACK_TARGETS: readonly LoopbackTarget[] = [
  { app: 'sp-mcp', tool: 'get_marketplace_participations', env: (base) => lwaServerEnv('SP_API', base) },
  { app: 'ads-mcp', tool: 'list_profiles', env: (base) => lwaServerEnv('ADS_API', base) },
  {
    app: 'openbridge-mcp',
    tool: 'get_subscriptions',
    env: (base) => ({
      OPENBRIDGE_REFRESH_TOKEN: CANARY_ENV.OPENBRIDGE_REFRESH_TOKEN ?? '',
      OPENBRIDGE_AUTH_BASE_URL: base,
      OPENBRIDGE_SUBSCRIPTIONS_BASE_URL: base,
      OPENBRIDGE_TIMEOUT_MS: '60000',
      CODE_MODE: 'off',
    }),
  },
];
