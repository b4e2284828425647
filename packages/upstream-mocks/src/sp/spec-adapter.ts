// SP-API side of the spec layer: production hosts, the 403 auth answer, `{errors:[…]}` rejections.
import { HttpResponse } from 'msw';
import { loadEngine, type Rejection, type SpecFamilyAdapter, type Synthesized } from '../spec/front-door.js';
import { parseUsagePlan } from '@obmcp/upstream-specs';
import type { Operation } from '../spec/operations.js';
import { responsesOf } from '../spec/parameters.js';
import { DOCUMENT_HOST, SP_HOSTS } from './hosts.js';
import { renderSpFault } from './render-fault.js';
import { spErrors, spJson } from './respond.js';
import { recordDocumentedRate } from './rates.js';
import { authFailure } from './route.js';
import { spThrottle } from './throttle.js';

/**
 * `{errors:[…]}` in the media type the operation declares for the status; operations whose error
 * schema is a bare `ErrorList` array get the array.
 */
async function rejection(op: Operation, verdict: Rejection): Promise<Response> {
  const { checkResponse } = await loadEngine();
  const errors =
    verdict.status === 415
      ? [
          {
            code: 'UnsupportedMediaType',
            message: verdict.problems[0]?.message ?? 'Unsupported Media Type',
            details: '',
          },
        ]
      : verdict.problems.slice(0, 10).map((p) => ({
          code: 'InvalidInput',
          message: p.message,
          details: p.name ? `${p.location}:${p.name}` : p.location,
        }));
  const mediaType = declaredMediaTypes(op, verdict.status)[0] ?? 'application/json';
  const res = spErrors(verdict.status, errors, op.operationId);
  const faithful = [{ errors }, errors].find(
    (body) => checkResponse(op, verdict.status, mediaType, body).length === 0,
  );
  const headers = new Headers(res.headers);
  headers.set('content-type', mediaType);
  return HttpResponse.json(faithful ?? { errors }, { status: verdict.status, headers });
}

/** The media types an operation declares for a status, in spec order. */
function declaredMediaTypes(op: Operation, status: number): string[] {
  return [...(responsesOf(op).get(String(status))?.values() ?? [])].map((m) => m.mediaType);
}

/** The model's documented usage plan for the operation, the rate the mock's limiter reports. */
function documentedRate(op: Operation): void {
  const plan = parseUsagePlan(String(op.operation.description ?? ''));
  if (plan) recordDocumentedRate(op.operationId, plan.rate);
}

async function success(op: Operation, synthesized: Synthesized): Promise<Response> {
  documentedRate(op);
  if (synthesized.body === undefined) {
    const headers = spJson({}, synthesized.status, op.operationId).headers;
    headers.delete('content-type');
    if (synthesized.location) headers.set('location', synthesized.location);
    return new HttpResponse(null, { status: synthesized.status, headers });
  }
  return spJson(synthesized.body, synthesized.status, op.operationId, synthesized.mediaType);
}

/**
 * SP-API's gateway answers a path that matches no resource like a request it may not make: 403
 * `Unauthorized`, "Access to requested resource is denied." (the shape third-party clients report for an
 * encoded greedy path, jlevers/selling-partner-api#176).
 */
function unknownRoute(_request: Request, why: string): Response {
  return spErrors(403, [
    { code: 'Unauthorized', message: 'Access to requested resource is denied.', details: why },
  ]);
}

export const spSpecAdapter: SpecFamilyAdapter = {
  family: 'sp-api',
  bases: SP_HOSTS.filter((h) => !h.sandbox).map((h) => h.base),
  check: { checkAccept: false, rejectUnknownQuery: true },
  throttle: spThrottle,
  authFailure: (request) => authFailure(request),
  rejection,
  success,
  renderFault: renderSpFault,
  redirectBase: `${DOCUMENT_HOST}/spec-mock`,
  unknownRoute,
};
