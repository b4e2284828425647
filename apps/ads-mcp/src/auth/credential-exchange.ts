// The credential exchanges of ads-mcp (LWA, Openbridge token brokering) through one credential pipeline.
import { type Logger, UpstreamHttpError } from '@obmcp/contract';
import {
  type AuthPlugin,
  credentialFailure,
  credentialPipeline,
  type ExchangeRequest,
  type Fetcher,
  isCredentialOutage,
  type LimitSettings,
  type ParsedError,
  type Pipeline,
  requestCredential,
  type UpstreamResponse,
} from '@obmcp/http-kit';
import { detailsFromBody, OPENBRIDGE_HEADERS, OPENBRIDGE_LIMIT_NAME } from '@obmcp/openbridge-upstream';
import { type Config, adsRetry, configSecrets } from '../config.js';
import { type ParsedErrorBody, parseErrorBody } from '../http/error-body.js';
import { ADS_HEADERS } from '../http/headers.js';

/** Which credential service a request goes to, and the hints for a rejected credential there. */
export interface ExchangeContext {
  service: string;
  hints: readonly string[];
}

export type CredentialExchange = (
  req: Omit<ExchangeRequest<ExchangeContext>, 'auth' | 'idempotent' | 'context'>,
  context: ExchangeContext,
) => Promise<unknown>;

/** Openbridge's bodies are read as every server reads them (the package's parser), Amazon's as the Ads API's. */
function parseBody(res: UpstreamResponse, openbridge: boolean, secrets: string[]): ParsedErrorBody {
  const [text, type] = [res.text(), res.headers.get('content-type')];
  return openbridge ? { details: detailsFromBody(text, type, secrets) } : parseErrorBody(text, type, secrets);
}

function parseExchangeError(
  res: UpstreamResponse,
  ctx: ExchangeContext,
  openbridge: boolean,
  secrets: string[],
): ParsedError {
  const parsed = parseBody(res, openbridge, secrets);
  if (res.status === 429) {
    return {
      summary: `${ctx.service} throttled the credential exchange (HTTP 429).`,
      details: parsed.details,
      hints: ['Wait before retrying: the credential service throttles token requests.'],
      requestId: parsed.requestId,
    };
  }
  const transient = isCredentialOutage(res.status);
  return {
    summary: transient
      ? `${ctx.service} credential exchange failed with HTTP ${res.status}; no access token could be obtained.`
      : `${ctx.service} rejected the configured credentials (HTTP ${res.status}${parsed.code ? `, ${parsed.code}` : ''}).`,
    details: parsed.details,
    // An outage is not a credentials problem: no "check your token" hints then.
    hints: transient
      ? ['The credential service failed server-side; retry after a short backoff.']
      : [...ctx.hints],
    requestId: parsed.requestId,
  };
}

/** Every exchange names its service (the function below passes it); a request without one reads as this. */
const UNNAMED_SERVICE: ExchangeContext = { service: 'Credential service', hints: [] };

export interface CredentialExchangeOptions {
  log?: Logger;
  /** Openbridge's per-IP budget (`openbridgeLimits`), for Openbridge-mode exchanges. */
  openbridgeLimits?: LimitSettings;
  /**
   * The credential the exchanged token is issued for (the Openbridge JWT for a brokered token): sent with
   * each request, refreshed once and the request resent once when the service says it expired.
   */
  issuedFor?: AuthPlugin;
}

/**
 * One pipeline for credential exchanges (the API calls' retry settings; no auth of its own unless
 * `issuedFor`). Its last HTTP failure is reported as every server reports a credential exchange's
 * (`credentialFailure`): rejected → auth_error, throttled → rate_limited, an outage → the upstream HTTP
 * failure it is. In Openbridge mode every exchange goes to Openbridge: `openbridgeLimits` makes them spend
 * from its per-IP budget (the same limiter key as openbridge-mcp's), and failures carry
 * `OPENBRIDGE_HTTP_<NNN>`.
 */
export function createCredentialExchange(
  config: Config,
  fetcher: Fetcher,
  { log, openbridgeLimits, issuedFor }: CredentialExchangeOptions = {},
): CredentialExchange {
  const openbridge = config.authMode === 'openbridge';
  const pipeline: Pipeline<ExchangeContext> = credentialPipeline<ExchangeContext>({
    auth: issuedFor,
    // Stryker disable next-line StringLiteral: the name only prefixes limiter keys, and direct LWA exchanges have no limits.
    name: openbridge ? OPENBRIDGE_LIMIT_NAME : 'ads-credentials',
    service: openbridge ? 'Openbridge' : 'Login with Amazon',
    ...(openbridge ? { codePrefix: 'OPENBRIDGE' as const } : {}),
    ...(openbridgeLimits === undefined ? {} : { limits: openbridgeLimits }),
    fetcher,
    // Stryker disable next-line all: every exchange sends an absolute URL, which the pipeline takes as it is.
    baseUrl: () => '',
    headers: openbridge ? OPENBRIDGE_HEADERS : ADS_HEADERS,
    errors: (res, req) =>
      parseExchangeError(res, req.context ?? UNNAMED_SERVICE, openbridge, configSecrets(config)),
    retry: adsRetry(config),
    ...(log ? { log } : {}),
  });
  return async (req, context) => {
    try {
      return (await requestCredential(pipeline, { ...req, context })).body;
    } catch (error) {
      throw error instanceof UpstreamHttpError ? credentialFailure(error) : error;
    }
  };
}
