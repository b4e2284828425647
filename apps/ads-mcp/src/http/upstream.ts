// What ads-mcp tells the shared pipeline about the Ads API: regional host, LWA/Openbridge auth, X-RateLimit-*, errors, rates.
import type { Logger } from '@obmcp/contract';
import {
  type AuthPlugin,
  type Fetcher,
  type Limiter,
  type ParsedError,
  limitRules,
  type UpstreamDescription,
  type UpstreamResponse,
} from '@obmcp/http-kit';
import type { CredentialSource } from '../auth/types.js';
import { type AdsConfig, adsRetry } from '../config.js';
import { REGION_INFO, REGIONS, type Region } from '../regions.js';
import type { Session } from '../state/session.js';
import { parseErrorBody } from './error-body.js';
import { enrichDetails, hintsFor } from './error-hints.js';
import { ADS_HEADERS } from './headers.js';
import { adsRule } from './limits.js';

/** What the error parser needs to know about the call. */
export interface AdsErrorContext {
  tool: string;
  profileId: number | undefined;
  /** A pre-signed report file download (no Ads credentials, its own hint). */
  download?: boolean;
}

export interface AdsUpstreamDeps {
  config: AdsConfig;
  session: Session;
  source: CredentialSource;
  fetcher: Fetcher;
  limiter: Limiter;
  env: Record<string, string | undefined>;
  log?: Logger;
}

function regionOf(scope: string, session: Session): Region {
  return (REGIONS as readonly string[]).includes(scope) ? (scope as Region) : session.region;
}

/**
 * Bearer token + ClientId from the configured credential source; a 401 means refresh once. The client id
 * goes under both names Amazon uses: Amazon-Advertising-API-ClientId (v2/v3 APIs) and Amazon-Ads-ClientId
 * (Ads API v1); each API reads its own and ignores the other.
 */
function adsAuth(source: CredentialSource, session: Session): AuthPlugin {
  return {
    async headers(scope, signal) {
      const creds = await source.get(regionOf(scope, session), signal);
      return {
        authorization: `Bearer ${creds.accessToken}`,
        'amazon-advertising-api-clientid': creds.clientId,
        'amazon-ads-clientid': creds.clientId,
      };
    },
    invalidate: (scope) => source.invalidate(regionOf(scope, session)),
    isExpired: (res) => res.status === 401,
  };
}

/** Report and export files alike: their pre-signed url is short-lived, the job's status hands out a fresh one. */
const DOWNLOAD_HINT =
  "The pre-signed file URL may have expired: read the job's status again for a fresh url (get_report, then download_report; get_export), or run run_report / run_export again.";

function parseAdsError(
  res: UpstreamResponse,
  operation: string,
  ctx: AdsErrorContext | undefined,
  config: AdsConfig,
  session: Session,
): ParsedError {
  if (ctx?.download) {
    return {
      summary: `Amazon Ads report storage failed with HTTP ${res.status}.`,
      details: [
        {
          path: '',
          issue: `report file download failed with HTTP ${res.status}`,
          received_type: 'upstream_error',
        },
      ],
      hints: [DOWNLOAD_HINT],
    };
  }
  const parsed = parseErrorBody(res.text(), res.headers.get('content-type'), config.secrets);
  const hintContext = {
    tool: ctx?.tool ?? '',
    status: res.status,
    operation,
    message: parsed.message,
    authMode: config.authMode,
    region: session.region,
    profileId: ctx?.profileId,
  };
  return {
    ...(res.status === 429 ? { summary: 'Amazon Ads API throttled the request (HTTP 429).' } : {}),
    details: enrichDetails(hintContext, parsed.details),
    hints: hintsFor(hintContext),
    ...(parsed.requestId === undefined ? {} : { requestId: parsed.requestId }),
  };
}

export function adsUpstream(deps: AdsUpstreamDeps): UpstreamDescription<AdsErrorContext> {
  const { config, session } = deps;
  return {
    name: 'ads',
    service: 'Amazon Ads API',
    fetcher: deps.fetcher,
    baseUrl: () => config.endpoint ?? REGION_INFO[session.region].apiHost,
    auth: adsAuth(deps.source, session),
    headers: ADS_HEADERS,
    errors: (res, req) => parseAdsError(res, req.operation, req.context, config, session),
    limits: { limiter: deps.limiter, ...limitRules(adsRule, deps.env) },
    retry: adsRetry(config),
    ...(deps.log ? { log: deps.log } : {}),
  };
}
