// SP-API website authorization: Seller Central consent → spapi_oauth_code + selling_partner_id → LWA code exchange.
import type { LoginStep, UpstreamLogin } from './upstream-login.js';
import { exchangeCode, type FetchLike, isAmazonId, type LwaClient } from './lwa-exchange.js';

export interface SpApiLoginOptions extends LwaClient {
  /** The Solution Provider Portal app id (`amzn1.sp.solution.…`). */
  applicationId: string;
  /** Seller Central's consent URL for the seller's region; default https://sellercentral.amazon.com/apps/authorize/consent. */
  consentUrl?: string;
  /** A draft app: adds `version=beta` (Amazon authorizes draft apps only so). */
  draft?: boolean;
  fetch?: FetchLike;
}

export function spApiLogin(options: SpApiLoginOptions): UpstreamLogin {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  return {
    id: 'sp',
    accountLabel: 'your Amazon Seller Central account (Selling Partner API)',
    async begin({ loginId, callbackUrl }) {
      const url = new URL(options.consentUrl ?? 'https://sellercentral.amazon.com/apps/authorize/consent');
      url.searchParams.set('application_id', options.applicationId);
      url.searchParams.set('state', loginId);
      url.searchParams.set('redirect_uri', callbackUrl);
      if (options.draft === true) url.searchParams.set('version', 'beta');
      return new Response(null, {
        status: 302,
        headers: { location: url.href, 'cache-control': 'no-store' },
      });
    },
    async resume(params, { callbackUrl }): Promise<LoginStep> {
      if (params.get('error') !== null) {
        return params.get('error') === 'access_denied'
          ? { kind: 'denied', reason: 'The selling partner did not authorize the app in Seller Central' }
          : { kind: 'failed', reason: 'Seller Central returned an error' };
      }
      const code = params.get('spapi_oauth_code');
      const sellingPartnerId = params.get('selling_partner_id');
      if (code === null || code === '' || !isAmazonId(sellingPartnerId)) {
        return {
          kind: 'failed',
          reason: 'Seller Central returned no authorization code or selling partner id',
        };
      }
      const tokens = await exchangeCode(options, code, callbackUrl, fetchImpl);
      if (tokens === undefined)
        return { kind: 'failed', reason: 'The Login with Amazon token exchange failed' };
      return {
        kind: 'done',
        credential: {
          account: sellingPartnerId,
          label: `Selling partner ${sellingPartnerId}`,
          secret: tokens.refreshToken,
        },
      };
    },
  };
}
