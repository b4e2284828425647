// Amazon Ads: LWA authorization (advertising::campaign_management + profile:user_id), then the user picks advertising profiles.
import { escapeHtml, page } from '../http/respond.js';
import type { LoginStep, UpstreamLogin } from './upstream-login.js';
import { exchangeCode, type FetchLike, isAmazonId, type LwaClient } from './lwa-exchange.js';

export interface AdsLoginOptions extends LwaClient {
  /** LWA's authorization page; default https://www.amazon.com/ap/oa (EU: eu.account.amazon.com, FE: apac.account.amazon.com). */
  authorizeUrl?: string;
  /** LWA's profile endpoint; default https://api.amazon.com/user/profile. */
  profileUrl?: string;
  /** The Ads API host for GET /v2/profiles; default https://advertising-api.amazon.com. */
  adsApiUrl?: string;
  fetch?: FetchLike;
}

interface AdsProfile {
  profileId: string;
  label: string;
}

const SCOPE = 'advertising::campaign_management profile:user_id';

function pickerPage(loginId: string, action: string, profiles: AdsProfile[], error?: string): string {
  const rows = profiles
    .map(
      (p) =>
        `<label><input type="checkbox" name="profile" value="${escapeHtml(p.profileId)}"> ${escapeHtml(p.label)} (<code>${escapeHtml(p.profileId)}</code>)</label><br>`,
    )
    .join('');
  return page(
    'Choose advertising profiles',
    `<h1>Which advertising profiles may this client use?</h1>${error === undefined ? '' : `<p role="alert">${escapeHtml(error)}</p>`}
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="state" value="${escapeHtml(loginId)}"><input type="hidden" name="step" value="profiles">${rows}
<button type="submit" id="choose">Continue</button></form>`,
  );
}

export function adsLogin(options: AdsLoginOptions): UpstreamLogin {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const getJson = async (url: string, headers: Record<string, string>): Promise<unknown> => {
    const response = await fetchImpl(url, {
      headers: { accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return response.json();
  };
  return {
    id: 'ads',
    accountLabel: 'your Amazon Ads account (Login with Amazon)',
    async begin({ loginId, callbackUrl }) {
      const url = new URL(options.authorizeUrl ?? 'https://www.amazon.com/ap/oa');
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('scope', SCOPE);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('redirect_uri', callbackUrl);
      url.searchParams.set('state', loginId);
      return new Response(null, {
        status: 302,
        headers: { location: url.href, 'cache-control': 'no-store' },
      });
    },
    async resume(params, { loginId, callbackUrl, stash }): Promise<LoginStep> {
      if (params.get('step') === 'profiles' && stash !== undefined) {
        const { refreshToken, userId, profiles: offeredJson } = stash;
        if (refreshToken === undefined || userId === undefined || offeredJson === undefined)
          return { kind: 'failed', reason: 'The profile choice lost its Amazon login' };
        const offered = JSON.parse(offeredJson) as AdsProfile[];
        const chosen = params.getAll('profile').filter((id) => offered.some((p) => p.profileId === id));
        if (chosen.length === 0)
          return {
            kind: 'continue',
            html: pickerPage(loginId, callbackUrl, offered, 'Choose at least one profile.'),
          };
        return {
          kind: 'done',
          credential: {
            account: userId,
            label: `Amazon Ads user ${userId}`,
            secret: refreshToken,
            profiles: chosen,
          },
        };
      }
      if (params.get('error') !== null) {
        return params.get('error') === 'access_denied'
          ? { kind: 'denied', reason: 'The user did not allow access at Login with Amazon' }
          : { kind: 'failed', reason: 'Login with Amazon returned an error' };
      }
      const code = params.get('code');
      if (code === null || code === '')
        return { kind: 'failed', reason: 'Login with Amazon returned no authorization code' };
      const tokens = await exchangeCode(options, code, callbackUrl, fetchImpl);
      if (tokens === undefined)
        return { kind: 'failed', reason: 'The Login with Amazon token exchange failed' };
      let userId: string | null;
      let profiles: AdsProfile[];
      try {
        const bearer = { authorization: `Bearer ${tokens.accessToken}` };
        const profile = (await getJson(
          options.profileUrl ?? 'https://api.amazon.com/user/profile',
          bearer,
        )) as { user_id?: unknown };
        userId = typeof profile.user_id === 'string' ? profile.user_id : null;
        const listed = (await getJson(
          `${options.adsApiUrl ?? 'https://advertising-api.amazon.com'}/v2/profiles`,
          {
            ...bearer,
            'amazon-advertising-api-clientid': options.clientId,
          },
        )) as { profileId?: unknown; countryCode?: unknown; accountInfo?: { name?: unknown } }[];
        profiles = (Array.isArray(listed) ? listed : []).map((p) => ({
          profileId: String(p.profileId),
          label: `${String(p.accountInfo?.name ?? 'Profile')} ${String(p.countryCode ?? '')}`.trim(),
        }));
      } catch {
        return { kind: 'failed', reason: 'Amazon Ads did not list the user’s profiles' };
      }
      if (!isAmazonId(userId)) return { kind: 'failed', reason: 'Login with Amazon did not name the user' };
      if (profiles.length === 0)
        return { kind: 'failed', reason: 'This Amazon login has no advertising profiles' };
      return {
        kind: 'continue',
        html: pickerPage(loginId, callbackUrl, profiles),
        stash: { refreshToken: tokens.refreshToken, userId, profiles: JSON.stringify(profiles) },
      };
    },
  };
}
