// A loopback fake of Amazon's login surfaces: Seller Central consent (SP-API website authorization), LWA /ap/oa, /auth/o2/token, /user/profile.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { issueAccessToken } from '../lwa/tokens.js';
import {
  DEFAULT_ACCOUNTS,
  DEFAULT_ADS_CLIENT,
  DEFAULT_SP_APP,
  type FakeAmazonAccount,
  type FakeLwaClient,
  type FakeSpApp,
} from './accounts.js';
import { errorPage, lwaConsent, sellerCentralConsent } from './pages.js';

export interface AmazonAuthFakeOptions {
  accounts?: FakeAmazonAccount[];
  spApp?: Partial<FakeSpApp>;
  adsClient?: Partial<FakeLwaClient>;
  /** Seconds an authorization code lives (Amazon: 5 minutes). */
  codeTtlSeconds?: number;
  port?: number;
}

/** An OAuth error the next token exchange answers with (then the fake behaves again). */
export interface TokenFailure {
  status: number;
  error: string;
  description: string;
}

export interface AmazonAuthFake {
  /** `http://127.0.0.1:<port>`: the consent URL is `${url}/apps/authorize/consent`, LWA's `${url}/ap/oa`, the token endpoint `${url}/auth/o2/token`. */
  readonly url: string;
  readonly spApp: FakeSpApp;
  readonly adsClient: FakeLwaClient;
  readonly accounts: FakeAmazonAccount[];
  /** Registers a redirect URI on the SP-API app and the Ads security profile (known once the server under test listens). */
  allowRedirectUri(uri: string): void;
  failNextTokenExchange(failure: TokenFailure): void;
  /** The seller or Amazon user a refresh token the fake issued belongs to. */
  accountOfRefreshToken(refreshToken: string): FakeAmazonAccount | undefined;
  /** Method and path of every request (no query: it may carry codes). */
  readonly requests: string[];
  close(): Promise<void>;
}

const LWA_SCOPES = new Set(['advertising::campaign_management', 'profile', 'profile:user_id', 'postal_code']);

interface CodeGrant {
  clientId: string;
  redirectUri: string;
  userId: string;
  scopes: string[];
  /** SP-API codes come from Seller Central; LWA codes from /ap/oa (redirect_uri is then required at the exchange). */
  kind: 'sp' | 'lwa';
  expiresAt: number;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if ((req.headers['content-type'] ?? '').includes('json')) {
    try {
      const parsed = JSON.parse(text) as Record<string, unknown>;
      return new URLSearchParams(Object.entries(parsed).map(([k, v]): [string, string] => [k, String(v)]));
    } catch {
      return new URLSearchParams();
    }
  }
  return new URLSearchParams(text);
}

function send(
  res: ServerResponse,
  status: number,
  body: string,
  type: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': type, ...headers });
  res.end(body);
}

function redirectTo(res: ServerResponse, target: URL): void {
  res.writeHead(302, { location: target.href });
  res.end();
}

function lwaJson(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, JSON.stringify(body), 'application/json;charset=UTF-8', {
    'cache-control': 'no-store',
    pragma: 'no-cache',
  });
}

export async function startAmazonAuthFake(options: AmazonAuthFakeOptions = {}): Promise<AmazonAuthFake> {
  const accounts = options.accounts ?? DEFAULT_ACCOUNTS;
  const spApp: FakeSpApp = {
    ...DEFAULT_SP_APP,
    ...options.spApp,
    redirectUris: [...(options.spApp?.redirectUris ?? [])],
  };
  const adsClient: FakeLwaClient = {
    ...DEFAULT_ADS_CLIENT,
    ...options.adsClient,
    redirectUris: [...(options.adsClient?.redirectUris ?? [])],
  };
  const clients = [spApp, adsClient];
  const codeTtl = (options.codeTtlSeconds ?? 300) * 1000;
  const codes = new Map<string, CodeGrant>();
  const refreshTokens = new Map<string, { userId: string; clientId: string; scopes: string[] }>();
  const accessTokens = new Map<string, { userId: string; scopes: string[] }>();
  const requests: string[] = [];
  let failure: TokenFailure | undefined;

  const account = (userId: string | null): FakeAmazonAccount | undefined =>
    accounts.find((a) => a.userId === userId);

  function sellerCentral(url: URL, res: ServerResponse): void {
    const q = url.searchParams;
    if (q.get('application_id') !== spApp.applicationId) {
      send(res, 400, errorPage('Application not found', 'This application is not available.'), 'text/html');
      return;
    }
    if (spApp.draft && q.get('version') !== 'beta') {
      send(
        res,
        400,
        errorPage('Application not available', 'A draft application authorizes only with version=beta.'),
        'text/html',
      );
      return;
    }
    const redirectUri = q.get('redirect_uri') ?? spApp.redirectUris[0];
    if (redirectUri === undefined || !spApp.redirectUris.includes(redirectUri)) {
      send(
        res,
        400,
        errorPage(
          'Invalid redirect URI',
          'The redirect_uri is not one of the application’s OAuth redirect URIs.',
        ),
        'text/html',
      );
      return;
    }
    send(
      res,
      200,
      sellerCentralConsent('obmcp', accounts, { state: q.get('state') ?? '', redirect_uri: redirectUri }),
      'text/html',
    );
  }

  async function sellerCentralConfirm(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readForm(req);
    const redirectUri = form.get('redirect_uri') ?? '';
    if (!spApp.redirectUris.includes(redirectUri)) {
      send(res, 400, errorPage('Invalid redirect URI', 'Start again.'), 'text/html');
      return;
    }
    const target = new URL(redirectUri);
    target.searchParams.set('state', form.get('state') ?? '');
    const who = account(form.get('account'));
    if (form.get('decision') !== 'confirm' || who === undefined) {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The selling partner did not authorize the application');
      redirectTo(res, target);
      return;
    }
    const code = `ANmock${randomBytes(12).toString('hex')}`;
    codes.set(code, {
      clientId: spApp.clientId,
      redirectUri,
      userId: who.userId,
      scopes: [],
      kind: 'sp',
      expiresAt: Date.now() + codeTtl,
    });
    target.searchParams.set('selling_partner_id', who.sellingPartnerId);
    target.searchParams.set('spapi_oauth_code', code);
    redirectTo(res, target);
  }

  function lwaAuthorize(url: URL, res: ServerResponse): void {
    const q = url.searchParams;
    const client = clients.find((c) => c.clientId === q.get('client_id'));
    if (client === undefined) {
      send(
        res,
        400,
        errorPage('Unknown client', 'The client_id is not a registered security profile.'),
        'text/html',
      );
      return;
    }
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!client.redirectUris.includes(redirectUri)) {
      send(
        res,
        400,
        errorPage(
          'Invalid redirect',
          'The redirect_uri is not an Allowed Return URL of this security profile.',
        ),
        'text/html',
      );
      return;
    }
    const back = new URL(redirectUri);
    back.searchParams.set('state', q.get('state') ?? '');
    if (q.get('response_type') !== 'code') {
      back.searchParams.set('error', 'unsupported_response_type');
      redirectTo(res, back);
      return;
    }
    const scopes = (q.get('scope') ?? '').split(/[\s+]+/).filter((s) => s !== '');
    if (scopes.length === 0 || !scopes.every((s) => LWA_SCOPES.has(s))) {
      back.searchParams.set('error', 'invalid_scope');
      back.searchParams.set('error_description', 'An unknown scope was requested');
      redirectTo(res, back);
      return;
    }
    send(
      res,
      200,
      lwaConsent(scopes, accounts, {
        client_id: client.clientId,
        redirect_uri: redirectUri,
        state: q.get('state') ?? '',
        scope: scopes.join(' '),
      }),
      'text/html',
    );
  }

  async function lwaDecide(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readForm(req);
    const client = clients.find((c) => c.clientId === form.get('client_id'));
    const redirectUri = form.get('redirect_uri') ?? '';
    if (client === undefined || !client.redirectUris.includes(redirectUri)) {
      send(res, 400, errorPage('Invalid request', 'Start again.'), 'text/html');
      return;
    }
    const back = new URL(redirectUri);
    const who = account(form.get('account'));
    if (form.get('decision') !== 'allow' || who === undefined) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user denied the request');
      back.searchParams.set('state', form.get('state') ?? '');
      redirectTo(res, back);
      return;
    }
    const scopes = (form.get('scope') ?? '').split(' ');
    const code = `ANmock${randomBytes(12).toString('hex')}`;
    codes.set(code, {
      clientId: client.clientId,
      redirectUri,
      userId: who.userId,
      scopes,
      kind: 'lwa',
      expiresAt: Date.now() + codeTtl,
    });
    back.searchParams.set('code', code);
    back.searchParams.set('scope', scopes.join(' '));
    back.searchParams.set('state', form.get('state') ?? '');
    redirectTo(res, back);
  }

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readForm(req);
    if (failure !== undefined) {
      const { status, error, description } = failure;
      failure = undefined;
      lwaJson(res, status, { error, error_description: description });
      return;
    }
    const grantType = form.get('grant_type');
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
      lwaJson(res, 400, {
        error: 'unsupported_grant_type',
        error_description: 'The authorization grant type is not supported.',
      });
      return;
    }
    const client = clients.find((c) => c.clientId === form.get('client_id'));
    if (!form.get('client_id') || !form.get('client_secret')) {
      lwaJson(res, 400, {
        error: 'invalid_request',
        error_description: 'The request is missing a required parameter : client_id',
      });
      return;
    }
    if (client === undefined || client.clientSecret !== form.get('client_secret')) {
      lwaJson(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
      return;
    }
    let userId: string;
    let scopes: string[];
    let refreshToken: string;
    if (grantType === 'authorization_code') {
      const code = form.get('code') ?? '';
      const grant = codes.get(code);
      codes.delete(code);
      const redirectUri = form.get('redirect_uri');
      const redirectOk =
        grant?.kind === 'sp' && redirectUri === null ? true : redirectUri === grant?.redirectUri;
      if (
        grant === undefined ||
        grant.expiresAt < Date.now() ||
        grant.clientId !== client.clientId ||
        !redirectOk
      ) {
        lwaJson(res, 400, {
          error: 'invalid_grant',
          error_description: 'The request has an invalid grant parameter : code',
        });
        return;
      }
      ({ userId, scopes } = grant);
      refreshToken = `Atzr|mock-${userId.replace(/^amzn1\.account\./, '')}-${randomBytes(16).toString('hex')}`;
      refreshTokens.set(refreshToken, { userId, clientId: client.clientId, scopes });
    } else {
      refreshToken = form.get('refresh_token') ?? '';
      const known = refreshTokens.get(refreshToken);
      if (known === undefined || known.clientId !== client.clientId) {
        lwaJson(res, 400, {
          error: 'invalid_grant',
          error_description:
            "The request has an invalid grant parameter : refresh_token. User may have revoked or didn't grant the permission.",
        });
        return;
      }
      ({ userId, scopes } = known);
    }
    // Registered with the msw LWA's token registry, so the SP-API/Ads mocks accept the token and know whose it is.
    const accessToken = issueAccessToken(client.clientId, refreshToken);
    accessTokens.set(accessToken, { userId, scopes });
    lwaJson(res, 200, {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: 3600,
      refresh_token: refreshToken,
    });
  }

  function profile(req: IncomingMessage, res: ServerResponse): void {
    const header = req.headers.authorization ?? '';
    const held = accessTokens.get(header.replace(/^Bearer\s+/i, ''));
    if (held === undefined) {
      lwaJson(res, 401, { error: 'invalid_token', error_description: 'The access token is invalid' });
      return;
    }
    if (!held.scopes.some((s) => s === 'profile' || s === 'profile:user_id')) {
      lwaJson(res, 403, {
        error: 'insufficient_scope',
        error_description: 'The access token does not carry a profile scope',
      });
      return;
    }
    const who = account(held.userId);
    lwaJson(
      res,
      200,
      held.scopes.includes('profile')
        ? { user_id: who?.userId, name: who?.name, email: who?.email }
        : { user_id: who?.userId },
    );
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.amazon');
    requests.push(`${req.method} ${url.pathname}`);
    const route = `${req.method} ${url.pathname}`;
    const done = (p: Promise<void> | void): void => {
      Promise.resolve(p).catch(() => send(res, 500, '{"error":"server_error"}', 'application/json'));
    };
    if (route === 'GET /apps/authorize/consent') done(sellerCentral(url, res));
    else if (route === 'POST /apps/authorize/confirm') done(sellerCentralConfirm(req, res));
    else if (route === 'GET /ap/oa') done(lwaAuthorize(url, res));
    else if (route === 'POST /ap/oa/decide') done(lwaDecide(req, res));
    else if (route === 'POST /auth/o2/token') done(token(req, res));
    else if (route === 'GET /user/profile') done(profile(req, res));
    else send(res, 404, errorPage('Not found', 'No such page.'), 'text/html');
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    spApp,
    adsClient,
    accounts,
    requests,
    allowRedirectUri(uri) {
      spApp.redirectUris.push(uri);
      adsClient.redirectUris.push(uri);
    },
    failNextTokenExchange(next) {
      failure = next;
    },
    accountOfRefreshToken(refreshToken) {
      return account(refreshTokens.get(refreshToken)?.userId ?? null);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
