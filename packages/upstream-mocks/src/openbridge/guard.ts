// Every Openbridge API route: fault injection first ('api', or 'auth' for brokering), the Bearer JWT check, then
// what every server refuses before its view (Accept 406, Content-Type 415, body id ≠ URL id 409).
import type { HttpResponseResolver } from 'msw';
import type { FaultChannel } from '../faults.js';
import { withFault } from '../with-fault.js';
import { type ErrorStyle, errorResponse, faultRenderer } from './errors.js';
import { claimsOf, type MockJwtClaims } from './jwt.js';
import { refuseRequest } from './request-guards.js';

export interface GuardedInfo {
  request: Request;
  params: Record<string, string | readonly string[] | undefined>;
  claims: MockJwtClaims;
}

/** Unauthenticated bodies per family (API Gateway → {message}, DRF → {detail}). */
const UNAUTHORIZED: Record<ErrorStyle, string> = {
  jsonapi: 'Authentication credentials were not provided.',
  flat_detail: 'Authentication credentials were not provided.',
  flat_message: 'Unauthorized',
  flat_error: 'Unauthorized',
  bare_array: 'Unauthorized',
};

// biome-ignore lint/suspicious/noExplicitAny: msw resolver generics are variance-hostile
type AnyResolver = HttpResponseResolver<any, any, any>;

export function guarded(
  style: ErrorStyle,
  resolver: (info: GuardedInfo) => Response | Promise<Response>,
  channel: FaultChannel = 'api',
): AnyResolver {
  return withFault(channel, faultRenderer(style), async (info) => {
    const claims = claimsOf(info.request);
    if (!claims) return errorResponse(style, 401, UNAUTHORIZED[style]);
    const id = info.params.id;
    const refusal = await refuseRequest(info.request, style, typeof id === 'string' ? id : undefined);
    if (refusal !== undefined) return refusal;
    return resolver({ request: info.request, params: info.params as GuardedInfo['params'], claims });
  });
}

/** A path param as a string ('' when absent). */
export function param(info: GuardedInfo, name: string): string {
  const value = info.params[name];
  return typeof value === 'string' ? value : '';
}
