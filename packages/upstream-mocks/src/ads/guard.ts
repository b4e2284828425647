// Header checks the real Ads API applies: Bearer token, ClientId, Scope, AMC entity headers, media types.
import { accessTokenState } from '../lwa/index.js';
import { isBrokeredAdsToken } from '../openbridge/index.js';
import { adsError, spError } from './respond.js';

export interface GuardOptions {
  /** Profile-scoped call: Amazon-Advertising-API-Scope required. */
  scope?: boolean;
  /** AMC call: AdvertiserId and MarketplaceId headers required instead of Scope. */
  amc?: boolean;
  /** Required Content-Type (the operation's request media type). */
  contentType?: string;
  /**
   * The operation's response media type: Accept must name it (an absent Accept means application/json,
   * and Amazon's gateway answers 415 to a non-vendored Accept, the any-type wildcard included).
   */
  accept?: string;
  /** SP v3-style error bodies `{code, message}` (else the Ads-generic `{code, details}`). */
  spErrors?: boolean;
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
  const unsupported = (message: string) =>
    opts.spErrors
      ? spError(415, 'UNSUPPORTED_MEDIA_TYPE', message)
      : adsError(415, 'UNSUPPORTED_MEDIA_TYPE', message);
  if (opts.contentType) {
    const ct = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (ct !== opts.contentType.toLowerCase()) {
      return unsupported(`Content-Type must be ${opts.contentType}`);
    }
  }
  if (opts.accept) {
    const accepted = (request.headers.get('accept') ?? 'application/json')
      .split(',')
      .map((t) => t.split(';')[0]?.trim().toLowerCase());
    if (!accepted.includes(opts.accept.toLowerCase())) {
      return unsupported(`Accept must be ${opts.accept}`);
    }
  }
  return undefined;
}

export { readJson } from '../read-json.js';
