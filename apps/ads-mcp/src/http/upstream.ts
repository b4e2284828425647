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
import { type Config, adsRetry, configSecrets } from '../config.js';
import { REGION_INFO, REGIONS, type Region } from '../regions.js';
import type { Session } from '../session/session.js';
import { parseErrorBody } from './error-body.js';
import { enrichDetails, hintsFor } from './error-hints.js';
import { ADS_HEADERS } from './headers.js';
import { adsRule } from './limits.js';

/** What the error parser needs to know about the call. */
export interface AdsErrorContext {
  tool: string;
  profileId: number | undefined;
  /** A pre-signed file download (no Ads credentials, its own hint): which kind of file. */
  download?: StoredFile;
}

/** Files Amazon Ads hands out as pre-signed storage URLs. */
export type StoredFile = 'report' | 'amc_result' | 'export';

export interface AdsUpstreamDeps {
  config: Config;
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

/** Per kind of file: its name in an issue, its storage in a summary, how to get a fresh URL. */
export const DOWNLOAD: Readonly<Record<StoredFile, { file: string; storage: string; hint: string }>> = {
  report: {
    file: 'report file',
    storage: 'Amazon Ads report storage',
    hint: 'The pre-signed report URL may have expired: call get_report again for a fresh url, then download_report.',
  },
  amc_result: {
    file: 'AMC result file',
    storage: 'AMC result storage',
    hint: 'AMC download URLs expire after 10 minutes: call get_amc_query_results again (it asks for fresh URLs).',
  },
  export: {
    file: 'export file',
    storage: 'Amazon Ads export storage',
    hint: 'The pre-signed export URL may have expired (urlExpiresAt): call get_export again for a fresh url, or run_export again.',
  },
};

function parseAdsError(
  res: UpstreamResponse,
  operation: string,
  ctx: AdsErrorContext | undefined,
  config: Config,
  session: Session,
): ParsedError {
  if (ctx?.download) {
    const file = DOWNLOAD[ctx.download];
    return {
      summary: `${file.storage} failed with HTTP ${res.status}.`,
      details: [
        {
          path: '',
          issue: `${file.file} download failed with HTTP ${res.status}`,
          received_type: 'upstream_error',
        },
      ],
      hints: [file.hint],
    };
  }
  const parsed = parseErrorBody(res.text(), res.headers.get('content-type'), configSecrets(config));
  const hintContext = {
    // A request without context (none of this server's) names no tool: 'undefined' is no tool name.
    tool: String(ctx?.tool),
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
    // Undefined when the body carries none (the pipeline prefers the headers' request id anyway).
    requestId: parsed.requestId,
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
