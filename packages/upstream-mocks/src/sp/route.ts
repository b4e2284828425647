// One SP-API route on every regional/sandbox host: fault injection, then the access-token check.
import { http, type RequestHandler } from 'msw';
import { accessTokenState } from '../lwa/tokens.js';
import { withFault } from '../with-fault.js';
import { SP_HOSTS, type SpHost } from './hosts.js';
import { renderSpFault } from './render-fault.js';
import { spErrors } from './respond.js';
import { isRdt, rdtState } from './restricted.js';

export interface SpRequestInfo {
  request: Request;
  params: Record<string, string>;
  url: URL;
  host: SpHost;
}

export type SpResolver = (info: SpRequestInfo) => Response | Promise<Response>;
type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

const DENIED = 'Access to requested resource is denied.';

/** The SP-API's 403 (or 400 for an oversized User-Agent) before it reads the request. */
export function authFailure(request: Request): Response | undefined {
  const token = request.headers.get('x-amz-access-token');
  if (!token) {
    return spErrors(403, [
      { code: 'Unauthorized', message: DENIED, details: 'Access token is missing in the request header.' },
    ]);
  }
  const state = isRdt(token) ? restrictedTokenState(request, token) : accessTokenState(token);
  if (state === 'denied') {
    // An RDT used for a resource it was not issued for.
    return spErrors(403, [{ code: 'Unauthorized', message: DENIED, details: '' }]);
  }
  if (state === 'expired') {
    return spErrors(403, [
      { code: 'Unauthorized', message: DENIED, details: 'The access token you provided has expired.' },
    ]);
  }
  if (state === 'unknown') {
    return spErrors(403, [
      {
        code: 'Unauthorized',
        message: DENIED,
        details: 'The access token you provided is revoked, malformed or invalid.',
      },
    ]);
  }
  const ua = request.headers.get('user-agent') ?? '';
  if (ua.length > 500) {
    return spErrors(400, [
      { code: 'InvalidInput', message: 'User-Agent header is longer than 500 characters.' },
    ]);
  }
  return undefined;
}

/** An RDT authorises exactly the resources it was created for (generic paths: any id). */
function restrictedTokenState(request: Request, token: string): 'valid' | 'unknown' | 'denied' {
  const state = rdtState(token, request.method, new URL(request.url).pathname);
  return state === 'wrong-resource' ? 'denied' : state;
}

/** Production hosts only: the sandbox hosts answer the models' canned values (sandbox.ts). */
export function spRoute(method: Method, path: string, resolver: SpResolver): RequestHandler[] {
  return SP_HOSTS.filter((host) => !host.sandbox).map((host) =>
    http[method](
      `${host.base}${path}`,
      withFault('api', renderSpFault, async ({ request, params }) => {
        const denied = authFailure(request);
        if (denied) return denied;
        const flat: Record<string, string> = {};
        for (const [k, v] of Object.entries(
          params as Record<string, string | readonly string[] | undefined>,
        )) {
          // msw hands path parameters over decoded once, as the API reads them: decoding again would turn a
          // literal `%252e%252e` into `..` (the 2026-12-06 audit's W18).
          if (typeof v === 'string') flat[k] = v;
        }
        return resolver({ request, params: flat, url: new URL(request.url), host });
      }),
    ),
  );
}

/** Query params present in the request whose names are not in `allowed` (exact case). */
export function unexpectedParams(url: URL, allowed: readonly string[]): string[] {
  return [...url.searchParams.keys()].filter((k) => !allowed.includes(k));
}

/** Comma-joined array query param. */
export function csv(url: URL, name: string): string[] {
  const raw = url.searchParams.get(name);
  return raw ? raw.split(',').filter((s) => s.length > 0) : [];
}
