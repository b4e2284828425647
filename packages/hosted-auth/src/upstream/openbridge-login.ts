// Openbridge: a consent page where the user enters their API key, checked against Openbridge before it is kept.
import { decodeJwt } from 'jose';
import { digest } from '../as/random.js';
import { escapeHtml, html, page } from '../http/respond.js';
import type { LoginStep, UpstreamLogin } from './upstream-login.js';
import type { FetchLike } from './lwa-exchange.js';

/** The account a key reaches, or undefined when Openbridge refuses the key; throws when Openbridge cannot be asked. */
export type VerifyOpenbridgeKey = (apiKey: string) => Promise<{ account: string; label: string } | undefined>;

export interface OpenbridgeLoginOptions {
  /** Default: exchange the key at Openbridge's authentication API and read the account from the JWT. */
  verifyKey?: VerifyOpenbridgeKey;
  /** Default https://authentication.api.openbridge.io. */
  authUrl?: string;
  fetch?: FetchLike;
}

function keyPage(loginId: string, action: string, error?: string): string {
  return page(
    'Connect your Openbridge account',
    `<h1>Connect your Openbridge account</h1>${error === undefined ? '' : `<p role="alert">${escapeHtml(error)}</p>`}
<p>Paste an Openbridge API key (Account → API Management). It is stored encrypted and used only for your requests.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="state" value="${escapeHtml(loginId)}">
<label>API key <input type="password" name="api_key" id="api_key" autocomplete="off" required></label>
<button type="submit" id="connect">Connect</button>
<button type="submit" name="decision" value="cancel" id="cancel" formnovalidate>Cancel</button></form>`,
  );
}

/** Exchanges the key for a JWT (POST /auth/api/ref) and names the account by the JWT's account and user ids. */
export function openbridgeKeyVerifier(authUrl: string, fetchImpl: FetchLike): VerifyOpenbridgeKey {
  return async (apiKey) => {
    const response = await fetchImpl(`${authUrl}/auth/api/ref`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ data: { type: 'APIAuth', attributes: { refresh_token: apiKey } } }),
      signal: AbortSignal.timeout(15_000),
    });
    if (response.status === 401 || response.status === 403 || response.status === 404) return undefined;
    if (!response.ok) throw new Error(`status ${response.status}`);
    const body = (await response.json()) as { data?: { attributes?: { token?: unknown } } };
    const token = body.data?.attributes?.token;
    if (typeof token !== 'string') throw new Error('no token');
    const claims = decodeJwt(token);
    // One login per key: a user's second key (or a teammate's) is a login of its own, never overwriting another's.
    const account = `${String(claims.account_id)}.${String(claims.user_id)}.${digest(apiKey).slice(0, 12)}`;
    return { account, label: `Openbridge account ${String(claims.account_id)}` };
  };
}

export function openbridgeLogin(options: OpenbridgeLoginOptions = {}): UpstreamLogin {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const verify =
    options.verifyKey ??
    openbridgeKeyVerifier(options.authUrl ?? 'https://authentication.api.openbridge.io', fetchImpl);
  return {
    id: 'openbridge',
    accountLabel: 'your Openbridge account (with an API key you enter next)',
    async begin({ loginId, callbackUrl }) {
      return html(keyPage(loginId, callbackUrl));
    },
    async resume(params, { loginId, callbackUrl }): Promise<LoginStep> {
      if (params.get('decision') === 'cancel')
        return { kind: 'denied', reason: 'The user did not connect an Openbridge key' };
      const apiKey = (params.get('api_key') ?? '').trim();
      if (apiKey === '')
        return { kind: 'continue', html: keyPage(loginId, callbackUrl, 'Enter an API key.') };
      let verified: Awaited<ReturnType<VerifyOpenbridgeKey>>;
      try {
        verified = await verify(apiKey);
      } catch {
        return { kind: 'failed', reason: 'Openbridge could not check the key' };
      }
      if (verified === undefined)
        return {
          kind: 'continue',
          html: keyPage(loginId, callbackUrl, 'Openbridge did not accept this key.'),
        };
      if (!/^[A-Za-z0-9._-]{1,100}$/.test(verified.account))
        return { kind: 'failed', reason: 'Openbridge returned an unexpected account id' };
      return {
        kind: 'done',
        credential: { account: verified.account, label: verified.label, secret: apiKey },
      };
    },
  };
}
