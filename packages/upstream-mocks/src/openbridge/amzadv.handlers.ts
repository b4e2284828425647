// Service API Amazon Ads brokering: /service/amzadv/token/{ri} (alias /service/lwa/token) and profiles-only.
import { http } from 'msw';
import { BROKERED_ADS_CLIENT_ID, BROKERED_ADS_TOKEN_PREFIX, OPENBRIDGE_HOSTS } from './constants.js';
import { withFault } from '../with-fault.js';
import { errorResponse, faultRenderer } from './errors.js';
import {
  AMAZON_ADS_IDENTITY_TYPE,
  adsProfilesFor,
  identityType,
  SHARED_IDENTITIES,
} from './fixtures/identities.js';
import { type GuardedInfo, guarded, param } from './guard.js';
import { json } from './json-api.js';

const BASE = `${OPENBRIDGE_HOSTS.service}/service`;

let minted = 0;

/** Resolves the path identity: a Response on failure (404 unknown, 400 not an Ads identity). */
function adsIdentity(info: GuardedInfo): Response | number {
  const raw = param(info, 'ri');
  const identity = SHARED_IDENTITIES.find((r) => r.id === raw);
  if (!identity) return errorResponse('flat_message', 404, `Remote identity ${raw.slice(0, 20)} not found`);
  if (identityType(identity) !== AMAZON_ADS_IDENTITY_TYPE) {
    return errorResponse('flat_error', 400, `Remote identity ${raw} is not an Amazon Advertising identity`, {
      code: 'INVALID_REMOTE_IDENTITY_TYPE',
    });
  }
  if (identity.attributes.invalid_identity === 1) {
    return errorResponse('flat_error', 400, `Remote identity ${raw} is invalid; re-authorization required`);
  }
  return Number(raw);
}

/**
 * `{data:{access_token, client_id}}`, a fresh token every call, no expiry returned. An API request like any other
 * (OBMCP_MOCK_REQUEST_LOG records it, OBMCP_MOCK_FAULT faults it: openbridge-mcp's get_amazon_api_access_token),
 * and a credential exchange too (OBMCP_MOCK_AUTH_FAULT faults it: ads-mcp's Openbridge-brokered sign-in).
 */
const token = withFault(
  'api',
  faultRenderer('flat_message'),
  guarded(
    'flat_message',
    (info) => {
      const id = adsIdentity(info);
      if (id instanceof Response) return id;
      minted += 1;
      return json({
        data: {
          access_token: `${BROKERED_ADS_TOKEN_PREFIX}${id}-${minted}`,
          client_id: BROKERED_ADS_CLIENT_ID,
        },
      });
    },
    'auth',
  ),
);

/** A bare array of snake_case AmazonAdvertisingProfile objects. */
const profilesOnly = guarded('flat_message', (info) => {
  const id = adsIdentity(info);
  if (id instanceof Response) return id;
  const url = new URL(info.request.url);
  const types = url.searchParams.get('profile_types')?.split(',').filter(Boolean);
  const rows = adsProfilesFor(id).filter((p) => {
    const t = (p as { attributes: { account_info: { attributes: { type: string } } } }).attributes
      .account_info.attributes.type;
    return !types || types.includes(t);
  });
  return json(rows);
});

/** True for an access token this mock brokered (for the Amazon Ads API mock's Bearer check). */
export function isBrokeredAdsToken(value: string): boolean {
  return value.startsWith(BROKERED_ADS_TOKEN_PREFIX);
}

export const amzadvHandlers = [
  http.get(`${BASE}/amzadv/token/:ri`, token),
  http.get(`${BASE}/lwa/token/:ri`, token),
  http.get(`${BASE}/amzadv/profiles-only/:ri`, profilesOnly),
];
