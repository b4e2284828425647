// Openbridge: a consent page where the user enters their API key, checked against Openbridge before it is kept.
import { AuthError } from '@obmcp/contract';
import { createFetcher } from '@obmcp/http-kit';
import {
  exchangeRefreshToken,
  type IssuedJwt,
  jwtExchangePipeline,
  OPENBRIDGE_DEFAULT_HOSTS,
  openbridgeRedirectHosts,
} from '@obmcp/openbridge-upstream';
import { digest } from '../as/random.js';
import { escapeHtml, html, page } from '../http/respond.js';
import type { LoginStep, UpstreamLogin } from './upstream-login.js';

/** The account a key reaches, or undefined when Openbridge refuses the key; throws when Openbridge cannot be asked. */
export type VerifyOpenbridgeKey = (apiKey: string) => Promise<{ account: string; label: string } | undefined>;

export interface OpenbridgeLoginOptions {
  /** Default: exchange the key at Openbridge's authentication API and read the account from the JWT. */
  verifyKey?: VerifyOpenbridgeKey;
  /** Default https://authentication.api.openbridge.io. */
  authUrl?: string;
}

/** The user is waiting on the page: one attempt, an outage is reported at once. */
const ONE_ATTEMPT = { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0, maxTotalMs: 15_000 };

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

/**
 * Exchanges the key for a JWT with the one Openbridge exchange (@obmcp/openbridge-upstream: POST /auth/api/ref through
 * http-kit's pipeline) and names the account by the JWT's account and user ids. A key Openbridge rejects is refused;
 * an outage, a throttle or an answer without a JWT throws (Openbridge could not be asked).
 */
export function openbridgeKeyVerifier(authUrl: string): VerifyOpenbridgeKey {
  const hosts = { ...OPENBRIDGE_DEFAULT_HOSTS, auth: authUrl };
  // A redirect may lead to Openbridge's hosts or the configured one.
  const fetcher = createFetcher({ timeoutMs: 15_000, redirectHosts: openbridgeRedirectHosts(hosts) });
  return async (apiKey) => {
    // One pipeline per key, so what Openbridge says about a key never carries the key itself.
    const pipeline = jwtExchangePipeline({ fetcher, hosts, secrets: () => [apiKey], retry: ONE_ATTEMPT });
    let jwt: IssuedJwt;
    try {
      jwt = await exchangeRefreshToken(pipeline, apiKey);
    } catch (error) {
      if (error instanceof AuthError) return undefined;
      throw error;
    }
    // One login per key: a user's second key (or a teammate's) is a login of its own, never overwriting another's.
    const account = `${String(jwt.accountId)}.${String(jwt.userId)}.${digest(apiKey).slice(0, 12)}`;
    return { account, label: `Openbridge account ${String(jwt.accountId)}` };
  };
}

export function openbridgeLogin(options: OpenbridgeLoginOptions = {}): UpstreamLogin {
  const verify = options.verifyKey ?? openbridgeKeyVerifier(options.authUrl ?? OPENBRIDGE_DEFAULT_HOSTS.auth);
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
