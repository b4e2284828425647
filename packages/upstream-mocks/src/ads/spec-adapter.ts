// Amazon Ads side of the spec layer: regional hosts, Bearer + Scope checks, the spec's error bodies.
import { HttpResponse } from 'msw';
import { loadEngine, type Rejection, type SpecFamilyAdapter, type Synthesized } from '../spec/front-door.js';
import type { Operation } from '../spec/operations.js';
import { paramsOf } from '../spec/parameters.js';
import { renderAdsFault } from './fault.js';
import { bearerFailure } from './guard.js';
import { ADS_HOSTS, REPORT_FILE_HOST, regionOfUrl } from './hosts.js';
import { scopesOf } from './profiles.js';
import { adsError, adsJson, requestId } from './respond.js';
import { adsThrottle } from './throttle.js';

const SCOPE = 'amazon-advertising-api-scope';

/** Bearer token, then the profile Scope where the operation requires one ("No matching advertiser"). */
function authFailure(request: Request, op: Operation): Response | undefined {
  const denied = bearerFailure(request);
  if (denied) return denied;
  const needsScope = paramsOf(op).some(
    (p) => p.in === 'header' && p.required && p.name.toLowerCase() === SCOPE,
  );
  if (!needsScope) return undefined;
  const scope = (request.headers.get(SCOPE) ?? '').trim();
  if (!scope) return adsError(401, 'UNAUTHORIZED', 'Scope header is missing');
  if (!scopesOf(regionOfUrl(request.url)).includes(scope))
    return adsError(401, 'UNAUTHORIZED', 'No matching advertiser found for scope');
  return undefined;
}

const CODES: Record<Rejection['status'], string> = {
  400: 'INVALID_ARGUMENT',
  406: 'NOT_ACCEPTABLE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/** The operation's declared error body for the status; the documented `{code, details}` otherwise. */
async function rejection(op: Operation, verdict: Rejection, request: Request): Promise<Response> {
  const { declaredErrorBody } = await loadEngine();
  const message = verdict.problems.map((p) => p.message).join('; ');
  const code = CODES[verdict.status];
  const declared = declaredErrorBody(op, verdict.status, request.headers.get('accept'), { code, message });
  if (!declared) return adsError(verdict.status, code, message);
  return adsJson(declared.body, verdict.status, declared.mediaType);
}

function success(_op: Operation, synthesized: Synthesized): Response {
  if (synthesized.body === undefined || synthesized.mediaType === undefined) {
    const headers: Record<string, string> = { 'x-amzn-RequestId': requestId() };
    if (synthesized.location) headers.location = synthesized.location;
    return new HttpResponse(null, { status: synthesized.status, headers });
  }
  return adsJson(synthesized.body, synthesized.status, synthesized.mediaType);
}

/** A path that names no Ads resource: 404 in the API's generic `{code, details}` error shape. */
function unknownRoute(_request: Request, why: string): Response {
  return adsError(404, 'NOT_FOUND', `Resource not found: ${why}`);
}

export const adsSpecAdapter: SpecFamilyAdapter = {
  family: 'amazon-ads',
  bases: Object.values(ADS_HOSTS),
  check: { checkAccept: true, rejectUnknownQuery: true },
  throttle: adsThrottle,
  authFailure,
  rejection,
  success,
  renderFault: renderAdsFault,
  redirectBase: `${REPORT_FILE_HOST}/spec-mock`,
  unknownRoute,
};
