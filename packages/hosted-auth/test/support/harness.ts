// A hosted auth with a scripted upstream login, driven through its fetch handlers like a browser and a client would.
import { createHash, randomBytes } from 'node:crypto';
import type { ClientMetadataFetcher } from '../../src/as/client-metadata-fetch.js';
import { generateSigningKey, type SigningKey } from '../../src/as/signing-key.js';
import { createHostedAuth, type HostedAuth } from '../../src/hosted-auth.js';
import type { HostedAuthOptions } from '../../src/options.js';
import type { KvStore } from '../../src/store/kv-store.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import type { LoginStep, UpstreamLogin } from '../../src/upstream/upstream-login.js';
import { parseKeyRing } from '../../src/vault/key-ring.js';
import { CredentialVault } from '../../src/vault/vault.js';

export const RESOURCE = 'https://sp.example.test/mcp';
export const REDIRECT = 'http://127.0.0.1:33418/callback';
export const SECRET_CANARY = 'Atzr|CANARY-refresh-token-never-logged';

export function vaultKeys(): string {
  return `k1:${randomBytes(32).toString('base64')}`;
}

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** An upstream that logs in whoever the callback names as `account` (or denies, or fails). */
export const scriptedUpstream: UpstreamLogin = {
  id: 'sp',
  accountLabel: 'your Amazon Seller Central account',
  async begin(context) {
    return new Response(null, {
      status: 302,
      headers: { location: `https://upstream.test/consent?state=${context.loginId}` },
    });
  },
  async resume(params): Promise<LoginStep> {
    if (params.get('outcome') === 'deny')
      return { kind: 'denied', reason: 'The user denied access at Amazon' };
    if (params.get('outcome') === 'fail')
      return { kind: 'failed', reason: 'The Amazon token exchange failed' };
    const account = params.get('account') ?? 'A1SELLER';
    return {
      kind: 'done',
      credential: { account, label: `Seller ${account}`, secret: `${SECRET_CANARY}-${account}` },
    };
  },
};

export interface Harness {
  auth: HostedAuth;
  store: KvStore;
  vault: CredentialVault;
  key: SigningKey;
  clock: { now: number };
  logs: string[];
  resource: string;
  call(path: string, init?: RequestInit & { cookie?: string }): Promise<Response>;
}

export async function harness(
  overrides: Partial<HostedAuthOptions> & { fetchClientMetadata?: ClientMetadataFetcher } = {},
): Promise<Harness> {
  // The SDK's gate reads the real clock for expiry; tests move this one forward only.
  const clock = { now: Date.now() };
  const store = overrides.store ?? new MemoryStore(() => clock.now);
  const vault = overrides.vault ?? new CredentialVault(store, parseKeyRing(vaultKeys()));
  const key = overrides.signingKey ?? (await generateSigningKey());
  const logs: string[] = [];
  const resource = (overrides.resource ?? new URL(RESOURCE)).href;
  const auth = createHostedAuth({
    resource: new URL(RESOURCE),
    serverName: 'obmcp for Amazon SP-API',
    store,
    vault,
    signingKey: key,
    upstream: scriptedUpstream,
    now: () => clock.now,
    log: (event, fields) => logs.push(JSON.stringify({ event, ...fields })),
    ...overrides,
  });
  const call = async (path: string, init: RequestInit & { cookie?: string } = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (init.cookie !== undefined) headers.set('cookie', init.cookie);
    const request = new Request(new URL(path, resource), { ...init, headers });
    const handled = await auth.handle(request);
    if (handled !== undefined) return handled;
    const identity = await auth.authenticate(request);
    return identity instanceof Response ? identity : new Response('ok');
  };
  return { auth, store, vault, key, clock, logs, resource, call };
}

export function form(values: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(values).toString(),
  };
}

export async function registerPublicClient(h: Harness, redirect = REDIRECT): Promise<string> {
  const response = await h.call('/oauth/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Test Client',
      redirect_uris: [redirect],
      token_endpoint_auth_method: 'none',
    }),
  });
  if (response.status !== 201)
    throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { client_id: string }).client_id;
}

export function authorizeUrl(
  clientId: string,
  challenge: string,
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'client-state-1',
    resource: RESOURCE,
    ...extra,
  });
  return `/oauth/authorize?${params}`;
}

/** The browser's part: authorize, approve, come back from the upstream; returns the redirect to the client. */
export async function browserLogin(
  h: Harness,
  clientId: string,
  challenge: string,
  upstreamParams: Record<string, string> = {},
): Promise<URL> {
  const page = await h.call(authorizeUrl(clientId, challenge, { resource: h.resource }));
  if (page.status !== 200)
    throw new Error(
      `authorize answered ${page.status}: ${page.headers.get('location') ?? (await page.text())}`,
    );
  const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const html = await page.text();
  const requestId = /name="request" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const consented = await h.call('/oauth/consent', {
    ...form({ request: requestId, decision: 'approve' }),
    cookie,
  });
  const upstream = new URL(consented.headers.get('location') ?? '');
  const state = upstream.searchParams.get('state') ?? '';
  const back = await h.call(`/oauth/callback?${new URLSearchParams({ state, ...upstreamParams })}`, {
    cookie,
  });
  return new URL(back.headers.get('location') ?? '');
}

export async function exchange(
  h: Harness,
  clientId: string,
  code: string,
  verifier: string,
  extra: Record<string, string> = {},
): Promise<Response> {
  return h.call(
    '/oauth/token',
    form({
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      resource: h.resource,
      ...extra,
    }),
  );
}

/** A full login: the token response's body. */
export async function login(
  h: Harness,
  account = 'A1SELLER',
): Promise<{ clientId: string; access_token: string; refresh_token: string }> {
  const clientId = await registerPublicClient(h);
  const { verifier, challenge } = pkce();
  const back = await browserLogin(h, clientId, challenge, { account });
  const response = await exchange(h, clientId, back.searchParams.get('code') ?? '', verifier);
  if (response.status !== 200) throw new Error(`token answered ${response.status}: ${await response.text()}`);
  return { clientId, ...((await response.json()) as { access_token: string; refresh_token: string }) };
}

export function bearer(token: string): RequestInit {
  return { method: 'POST', headers: { authorization: `Bearer ${token}` } };
}
