// Openbridge hosts, the mock account behind every JWT, and the dummy credentials the preload sets.
import { mockSettings } from '../settings.js';

export const OPENBRIDGE_HOSTS = {
  authentication: 'https://authentication.api.openbridge.io',
  subscriptions: 'https://subscriptions.api.openbridge.io',
  remoteIdentity: 'https://remote-identity.api.openbridge.io',
  service: 'https://service.api.openbridge.io',
} as const;

/** The account and user every mock JWT is issued for (the JWT claims `account_id` / `user_id`). */
export const MOCK_ACCOUNT_ID = 3558;
export const MOCK_USER_ID = 4071;

/** Lifetime of a mock JWT (seconds); OBMCP_MOCK_OPENBRIDGE_JWT_TTL overrides (tests of early refresh). */
export function jwtTtlSeconds(): number {
  return mockSettings.openbridgeJwtTtlSeconds();
}

/** Refresh tokens are `key:secret` (Openbridge Account → API Management). */
export const REFRESH_TOKEN_FORMAT = /^[^\s:]+:[^\s:]+$/;

/** Obviously fake credentials; the preload only sets them when unset. */
export const dummyEnv: Record<string, string> = {
  OPENBRIDGE_REFRESH_TOKEN: 'mock-ob-key:MOCK-NOT-A-REAL-OPENBRIDGE-SECRET',
};

/** Brokered Amazon Ads tokens start with this (so the Ads mock can recognise them). */
export const BROKERED_ADS_TOKEN_PREFIX = 'Atza|MOCK-OB-BROKERED-';
/** client_id returned next to a brokered Ads token. */
export const BROKERED_ADS_CLIENT_ID = 'amzn1.application-oa2-client.mockopenbridge0000000000000000';
