// Lists Amazon Advertising remote identities (type 14) via GET /sri through the pipeline, following pagination (≤ 100 pages).
import { boundText, type Logger, UpstreamTransportError } from '@obmcp/contract';
import {
  createPipeline,
  type Fetcher,
  type LimitSettings,
  type Pipeline,
  type RetrySettings,
} from '@obmcp/http-kit';
import {
  detailsFromBody,
  OPENBRIDGE_DEFAULT_HOSTS,
  OPENBRIDGE_HEADERS,
  OPENBRIDGE_LIMIT_NAME,
  operationUrl,
} from '@obmcp/openbridge-upstream';
import type { JwtProvider } from './openbridge-jwt.js';

/** Remote identity type of Amazon Advertising. */
const ADS_IDENTITY_TYPE = 14;

export interface AdsIdentity {
  id: number;
  name: string;
  region: string | null;
  invalid: boolean;
}

interface Resource {
  id?: unknown;
  attributes?: { name?: unknown; region?: unknown; invalid_identity?: unknown };
}

function toIdentity(r: Resource): AdsIdentity | undefined {
  const id = Number(r.id);
  // Only ids set_active_identity accepts (an integer ≥ 1): a null or empty id is not identity 0.
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const a = r.attributes ?? {};
  return {
    id,
    name: boundText(typeof a.name === 'string' ? a.name : '', 120),
    region: typeof a.region === 'string' ? a.region : null,
    invalid: a.invalid_identity === 1 || a.invalid_identity === true,
  };
}

export interface IdentityPipelineDeps {
  fetcher: Fetcher;
  jwt: JwtProvider;
  refreshToken: string;
  /** Openbridge's per-IP budget (`openbridgeLimits`), shared with every other Openbridge request. */
  limits: LimitSettings;
  retry: RetrySettings;
  log?: Logger;
}

/**
 * The remote-identity API as an upstream: the JWT and the refresh token's key as credentials (refreshed once
 * after a 401), Openbridge's
 * headers, budget and error bodies (the package's), failures as `OPENBRIDGE_HTTP_<NNN>`.
 */
export function identityPipeline(deps: IdentityPipelineDeps): Pipeline {
  const secrets = [deps.refreshToken];
  return createPipeline({
    name: OPENBRIDGE_LIMIT_NAME,
    service: 'Openbridge remote-identity API',
    codePrefix: 'OPENBRIDGE',
    fetcher: deps.fetcher,
    // Stryker disable next-line all: every request names an absolute URL (operationUrl), which the pipeline takes as it is.
    baseUrl: () => '',
    // The JWT plug-in: a 401 (expired or revoked JWT) → one more exchange and one resend, by the pipeline.
    auth: deps.jwt,
    headers: OPENBRIDGE_HEADERS,
    errors: (res) => ({
      details: detailsFromBody(res.text(), res.headers.get('content-type'), secrets),
      hints: [],
    }),
    limits: deps.limits,
    retry: deps.retry,
    ...(deps.log ? { log: deps.log } : {}),
  });
}

export async function listAdsIdentities(pipeline: Pipeline, signal?: AbortSignal): Promise<AdsIdentity[]> {
  const out: AdsIdentity[] = [];
  for (let page = 1; page <= 100; page++) {
    const { body: raw } = await pipeline.exchange({
      operation: 'listSharedRemoteIdentities',
      method: 'GET',
      path: operationUrl(OPENBRIDGE_DEFAULT_HOSTS, 'listSharedRemoteIdentities'),
      query: { remote_identity_type: ADS_IDENTITY_TYPE, page, page_size: 100 },
      ...(signal ? { signal } : {}),
    });
    const body = (raw ?? {}) as { data?: unknown; links?: { next?: unknown } };
    if (!Array.isArray(body.data)) {
      throw new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE', {
        summary: 'Openbridge /sri answered without a data array.',
        details: [
          { path: 'data', issue: 'expected an array of remote identities', received_type: typeof body.data },
        ],
      });
    }
    for (const r of body.data as Resource[]) {
      const identity = toIdentity(r);
      if (identity) out.push(identity);
    }
    if (typeof body.links?.next !== 'string' || body.links.next === '') break;
  }
  return out;
}
