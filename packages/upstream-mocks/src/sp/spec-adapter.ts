// SP-API side of the spec layer: production hosts, the 403 auth answer, `{errors:[…]}` rejections.
import { HttpResponse } from 'msw';
import type { Rejection, SpecFamilyAdapter, Synthesized } from '../spec/front-door.js';
import type { Operation } from '../spec/operations.js';
import { DOCUMENT_HOST, SP_HOSTS } from './hosts.js';
import { renderSpFault } from './render-fault.js';
import { spErrors, spJson } from './respond.js';
import { authFailure } from './route.js';

function rejection(op: Operation, verdict: Rejection): Response {
  if (verdict.status === 415) {
    const message = verdict.problems[0]?.message ?? 'Unsupported Media Type';
    return spErrors(415, [{ code: 'UnsupportedMediaType', message, details: '' }], op.operationId);
  }
  const errors = verdict.problems.slice(0, 10).map((p) => ({
    code: 'InvalidInput',
    message: p.message,
    details: p.name ? `${p.location}:${p.name}` : p.location,
  }));
  return spErrors(400, errors, op.operationId);
}

function success(op: Operation, synthesized: Synthesized): Response {
  if (synthesized.body === undefined) {
    const headers = spJson({}, synthesized.status, op.operationId).headers;
    headers.delete('content-type');
    if (synthesized.location) headers.set('location', synthesized.location);
    return new HttpResponse(null, { status: synthesized.status, headers });
  }
  return spJson(synthesized.body, synthesized.status, op.operationId, synthesized.mediaType);
}

export const spSpecAdapter: SpecFamilyAdapter = {
  family: 'sp-api',
  bases: SP_HOSTS.filter((h) => !h.sandbox).map((h) => h.base),
  check: { checkAccept: false, rejectUnknownQuery: true },
  authFailure: (request) => authFailure(request),
  rejection,
  success,
  renderFault: renderSpFault,
  redirectBase: `${DOCUMENT_HOST}/spec-mock`,
};
