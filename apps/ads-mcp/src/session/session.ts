// Per-server session state: region, active profile, active identity and the caches tools consult.
import type { AdsIdentity } from '../auth/openbridge-identities.js';
import type { Config } from '../config.js';
import type { Region } from '../regions.js';
import { hostedAwareSession } from './hosted-session.js';

export interface AdsProfile {
  profileId: number;
  countryCode?: string;
  currencyCode?: string;
  timezone?: string;
  accountInfo?: {
    marketplaceStringId?: string;
    id?: string;
    type?: string;
    name?: string;
    validPaymentMethod?: boolean;
  };
}

export interface Session {
  region: Region;
  profileId: number | undefined;
  profileSource: 'env' | 'set_active_profile' | undefined;
  identityId: number | undefined;
  /** Last list_profiles answer per region (used for best-effort checks and AMC entity ids). */
  profiles: Map<Region, AdsProfile[]>;
  /** Last list_identities answer (best-effort SCHEMA_IDENTITY_NOT_FOUND gate). */
  identities: AdsIdentity[] | undefined;
  /** GET /amc/accounts answer per region (the source of the AMC AdvertiserId header). */
  amcAccounts: Map<Region, AmcAccount[]>;
}

/** One entry of GET /amc/accounts (AMCAdmin `AmcpLinkAmcAccount`). */
export interface AmcAccount {
  accountId: string;
  accountName?: string;
  marketplaceId?: string;
}

/** What the session starts from: the configured region, profile and (brokered mode) identity. */
export type SessionConfig = Pick<Config, 'region' | 'profileId' | 'openbridge'>;

/** The server's session; under a hosted user (--hosted), that user's own one (hosted-session.ts). */
export function createSession(config: SessionConfig): Session {
  const { region, profileId } = config;
  const identityId = config.openbridge?.identityId;
  return hostedAwareSession(plainSession(region, profileId, identityId), (allowed) =>
    plainSession(region, allowed, undefined),
  );
}

function plainSession(
  region: Region,
  profileId: number | undefined,
  identityId: number | undefined,
): Session {
  return {
    region,
    profileId,
    profileSource: profileId === undefined ? undefined : 'env',
    identityId,
    profiles: new Map(),
    identities: undefined,
    amcAccounts: new Map(),
  };
}
