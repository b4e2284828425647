// Header checks the real Ads API applies: Bearer token, ClientId, Scope, AMC entity headers, media types.
import { accessTokenState } from '../lwa/index.js';
import { isBrokeredAdsToken } from '../openbridge/index.js';
import { adsError } from './respond.js';

export interface GuardOptions {
  /** Profile-scoped call: Amazon-Advertising-API-Scope required. */
  scope?: boolean;
  /** AMC call: AdvertiserId and MarketplaceId headers required instead of Scope. */
  amc?: boolean;
  /** Required Content-Type (vnd media type) for bodies. */
  contentType?: string;
  /** Acceptable Accept values (besides the default application/json when absent). */
  accept?: string;
}

/** 401 unless the request carries a live LWA (or Openbridge-brokered) Bearer token. */
export function bearerFailure(request: Request): Response | undefined {
  const auth = /^Bearer (\S+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!auth) return adsError(401, 'UNAUTHORIZED', 'Authentication failed');
  if (!isBrokeredAdsToken(auth)) {
    const state = accessTokenState(auth);
    if (state === 'expired') return adsError(401, 'UNAUTHORIZED', 'Access token has expired');
    if (state === 'unknown') return adsError(401, 'UNAUTHORIZED', 'Authentication failed');
  }
  return undefined;
}

/** Returns an error Response when the request would be rejected upstream, else undefined. */
export function guard(
  request: Request,
  opts: GuardOptions = {},
  knownScopes?: readonly string[],
): Response | undefined {
  const denied = bearerFailure(request);
  if (denied) return denied;
  if (!(request.headers.get('amazon-advertising-api-clientid') ?? '').trim()) {
    return adsError(400, 'INVALID_ARGUMENT', 'Amazon-Advertising-API-ClientId header is missing');
  }
  if (opts.scope) {
    const scope = (request.headers.get('amazon-advertising-api-scope') ?? '').trim();
    if (!scope) return adsError(401, 'UNAUTHORIZED', 'Scope header is missing');
    if (knownScopes && !knownScopes.includes(scope)) {
      return adsError(401, 'UNAUTHORIZED', 'No matching advertiser found for scope');
    }
  }
  if (opts.amc) {
    if (!request.headers.get('amazon-advertising-api-advertiserid')) {
      return adsError(400, '400', 'Missing required header: Amazon-Advertising-API-AdvertiserId');
    }
    if (!request.headers.get('amazon-advertising-api-marketplaceid')) {
      return adsError(400, '400', 'Missing required header: Amazon-Advertising-API-MarketplaceId');
    }
  }
  if (opts.contentType) {
    const ct = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (ct !== opts.contentType.toLowerCase()) {
      return adsError(415, 'UnsupportedMediaTypeException', `Content-Type must be ${opts.contentType}`);
    }
  }
  if (opts.accept) {
    const accept = request.headers.get('accept');
    if (accept && !accept.toLowerCase().includes(opts.accept.toLowerCase()) && !accept.includes('*/*')) {
      return adsError(406, 'NotAcceptableException', `Accept must be ${opts.accept}`);
    }
  }
  return undefined;
}

export async function readJson(request: Request): Promise<Record<string, unknown> | undefined> {
  try {
    const body: unknown = await request.json();
    return body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
