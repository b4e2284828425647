// AdsApiClient: region host, auth + ClientId + Scope headers, bounded retry, error bodies → contract errors.
import {
  type CallContext,
  parseRetryAfter,
  UpstreamHttpError,
  UpstreamTransportError,
} from '@obmcp/contract';
import {
  defaultShouldRetry,
  type Fetcher,
  joinQuery,
  type QueryValue,
  type UpstreamResponse,
  withRetry,
} from '@obmcp/http-kit';
import type { CredentialSource } from '../auth/types.js';
import type { AdsConfig } from '../config.js';
import { REGION_INFO } from '../regions.js';
import type { Session } from '../state/session.js';
import { requireProfile } from '../tools/require-profile.js';
import { parseErrorBody } from './error-body.js';
import { enrichDetails, hintsFor } from './error-hints.js';
import { recordResponseMeta, requestIdOf } from './response-meta.js';

export type AdsScope =
  | { kind: 'none' }
  | { kind: 'profile' }
  | { kind: 'amc'; advertiserId: string; marketplaceId: string };

export interface AdsRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Vendor media type for Accept and (with a body) Content-Type. Default application/json. */
  media?: string;
  accept?: string;
  /** Extra headers the operation declares (e.g. Amazon-Ads-AccountId). */
  headers?: Record<string, string>;
  /** Also send the LWA client id under this header (Ads API v1: Amazon-Ads-ClientId). */
  clientIdHeader?: string;
  scope: AdsScope;
  /** Safe to repeat after 5xx/timeouts. 429 is retried for every request (not processed upstream). */
  idempotent: boolean;
}

export interface AdsResponse {
  status: number;
  body: unknown;
}

export class AdsApiClient {
  constructor(
    private readonly fetcher: Fetcher,
    private readonly auth: CredentialSource,
    private readonly session: Session,
    private readonly config: AdsConfig,
  ) {}

  async request(req: AdsRequest, call: CallContext): Promise<AdsResponse> {
    const region = this.session.region;
    const profileId = req.scope.kind === 'profile' ? requireProfile(this.session) : undefined;
    const url = joinQuery(`${REGION_INFO[region].apiHost}${req.path}`, req.query ?? {});
    const media = req.media ?? 'application/json';
    const send = async (): Promise<UpstreamResponse> => {
      const creds = await this.auth.get(region, call.signal);
      const headers: Record<string, string> = {
        ...req.headers,
        authorization: `Bearer ${creds.accessToken}`,
        'amazon-advertising-api-clientid': creds.clientId,
        accept: req.accept ?? media,
      };
      if (req.clientIdHeader) headers[req.clientIdHeader.toLowerCase()] = creds.clientId;
      if (profileId !== undefined) headers['amazon-advertising-api-scope'] = String(profileId);
      if (req.scope.kind === 'amc') {
        headers['amazon-advertising-api-advertiserid'] = req.scope.advertiserId;
        headers['amazon-advertising-api-marketplaceid'] = req.scope.marketplaceId;
      }
      if (req.body !== undefined) headers['content-type'] = media;
      return this.fetcher.send({
        method: req.method,
        url,
        headers,
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        signal: call.signal,
      });
    };
    let last: UpstreamResponse | undefined;
    let reauthorized = false;
    try {
      const res = await withRetry(
        async () => {
          let r = await send();
          if (r.status === 401 && !reauthorized) {
            // A cached token can be revoked or expired upstream early: refresh once, then report.
            reauthorized = true;
            this.auth.invalidate(region);
            r = await send();
          }
          last = r;
          if (!r.ok) throw this.httpError(r, req, call.tool, profileId);
          return r;
        },
        {
          maxAttempts: this.config.maxAttempts,
          baseDelayMs: this.config.mock ? 50 : 1_000,
          maxDelayMs: 8_000,
          maxTotalMs: this.config.retryBudgetMs,
          signal: call.signal,
          shouldRetry: (error, n) =>
            req.idempotent || (error instanceof UpstreamHttpError && error.status === 429)
              ? defaultShouldRetry(error, n)
              : { retry: false },
        },
      );
      return { status: res.status, body: this.parseBody(res) };
    } finally {
      if (last) recordResponseMeta(call.meta, last.headers, last.ok);
    }
  }

  private parseBody(res: UpstreamResponse): unknown {
    if (res.status === 204 || res.bytes.byteLength === 0) return {};
    if (!res.isJson) {
      const type = (res.headers.get('content-type') ?? 'none').split(';')[0]?.trim() || 'none';
      throw new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE', {
        summary: `Amazon Ads API answered HTTP ${res.status} with ${type} instead of JSON.`,
        details: [
          {
            path: '',
            issue: `expected a JSON body, got content-type ${type}`,
            received_type: 'upstream_response',
          },
        ],
        requestId: requestIdOf(res.headers),
      });
    }
    return res.json();
  }

  private httpError(
    res: UpstreamResponse,
    req: AdsRequest,
    tool: string,
    profileId: number | undefined,
  ): UpstreamHttpError {
    const parsed = parseErrorBody(res.text(), res.headers.get('content-type'), this.config.secrets);
    const ctx = {
      tool,
      status: res.status,
      path: req.path,
      message: parsed.message,
      authMode: this.config.authMode,
      region: this.session.region,
      profileId,
    };
    return new UpstreamHttpError(res.status, {
      service: 'Amazon Ads API',
      summary: res.status === 429 ? 'Amazon Ads API throttled the request (HTTP 429).' : undefined,
      details: enrichDetails(ctx, parsed.details),
      hints: hintsFor(ctx),
      retryAfterSeconds: parseRetryAfter(res.headers.get('retry-after')),
      requestId: requestIdOf(res.headers) ?? parsed.requestId,
    });
  }
}
