// The credential exchanges of ads-mcp (LWA, Openbridge JWT, Openbridge token brokering) through one credential pipeline.
import { type Logger, UpstreamHttpError } from '@obmcp/contract';
import {
  credentialFailure,
  credentialPipeline,
  type ExchangeRequest,
  type Fetcher,
  type ParsedError,
  type Pipeline,
  requestCredential,
  type UpstreamResponse,
} from '@obmcp/http-kit';
import type { AdsConfig } from '../config.js';
import { parseErrorBody } from '../http/error-body.js';
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

function parseExchangeError(res: UpstreamResponse, ctx: ExchangeContext, secrets: string[]): ParsedError {
  const parsed = parseErrorBody(res.text(), res.headers.get('content-type'), secrets);
  const requestId = parsed.requestId === undefined ? {} : { requestId: parsed.requestId };
  if (res.status === 429) {
    return {
      summary: `${ctx.service} throttled the credential exchange (HTTP 429).`,
      details: parsed.details,
      hints: ['Wait before retrying; the credential exchange is rate-limited separately from API calls.'],
      ...requestId,
    };
  }
  const transient = res.status >= 500;
  return {
    summary: transient
      ? `${ctx.service} credential exchange failed with HTTP ${res.status}; no access token could be obtained.`
      : `${ctx.service} rejected the configured credentials (HTTP ${res.status}${parsed.code ? `, ${parsed.code}` : ''}).`,
    details: parsed.details,
    hints: transient
      ? ['The credential service failed server-side; retry after a short backoff.', ...ctx.hints]
      : [...ctx.hints],
    ...requestId,
  };
}

/**
 * One pipeline for every credential exchange (no auth of its own; the API calls' retry settings). A
 * throttled exchange stays a 429 (rate_limited); any other HTTP failure becomes an AuthError.
 */
export function createCredentialExchange(
  config: AdsConfig,
  fetcher: Fetcher,
  log?: Logger,
): CredentialExchange {
  const pipeline: Pipeline<ExchangeContext> = credentialPipeline<ExchangeContext>({
    name: 'ads-credentials',
    service: 'Amazon Ads credentials',
    fetcher,
    baseUrl: () => '',
    headers: ADS_HEADERS,
    errors: (res, req) =>
      parseExchangeError(res, req.context ?? { service: 'Credential service', hints: [] }, config.secrets),
    retry: { maxAttempts: config.maxAttempts, ...config.retryDelays, maxTotalMs: config.retryBudgetMs },
    ...(log ? { log } : {}),
  });
  return async (req, context) => {
    try {
      return (await requestCredential(pipeline, { ...req, context })).body;
    } catch (error) {
      if (error instanceof UpstreamHttpError && error.status !== 429) throw credentialFailure(error);
      throw error;
    }
  };
}
