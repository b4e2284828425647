// Lists Amazon Advertising remote identities (type 14) via GET /sri, following pagination (≤ 100 pages).
import { boundText, UpstreamHttpError, UpstreamTransportError } from '@obmcp/contract';
import { type Fetcher, joinQuery } from '@obmcp/http-kit';
import { parseErrorBody } from '../http/error-body.js';
import { requestIdOf } from '../http/headers.js';
import type { JwtProvider } from './openbridge-jwt.js';
import { OPENBRIDGE } from './openbridge-hosts.js';

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
  if (!Number.isSafeInteger(id)) return undefined;
  const a = r.attributes ?? {};
  return {
    id,
    name: boundText(typeof a.name === 'string' ? a.name : '', 120),
    region: typeof a.region === 'string' ? a.region : null,
    invalid: a.invalid_identity === 1 || a.invalid_identity === true,
  };
}

export async function listAdsIdentities(
  fetcher: Fetcher,
  jwt: JwtProvider,
  refreshToken: string,
  signal?: AbortSignal,
): Promise<AdsIdentity[]> {
  const out: AdsIdentity[] = [];
  for (let page = 1; page <= 100; page++) {
    const url = joinQuery(OPENBRIDGE.identitiesUrl, {
      remote_identity_type: OPENBRIDGE.adsIdentityType,
      page,
      page_size: 100,
    });
    const res = await fetcher.send({
      method: 'GET',
      url,
      headers: {
        authorization: `Bearer ${await jwt(signal)}`,
        'x-api-key': refreshToken,
        accept: 'application/json',
      },
      signal,
    });
    if (!res.ok) {
      const parsed = parseErrorBody(res.text(), res.headers.get('content-type'), [refreshToken]);
      throw new UpstreamHttpError(res.status, {
        prefix: 'OPENBRIDGE',
        service: 'Openbridge remote-identity API',
        details: parsed.details,
        requestId: requestIdOf(res.headers),
      });
    }
    const body = res.json() as { data?: unknown; links?: { next?: unknown } };
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
