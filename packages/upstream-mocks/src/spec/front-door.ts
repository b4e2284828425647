// The generic spec layer for msw: a gate in front of the hand-written handlers and a catch-all after them.
import type { SpecFamily } from '@obmcp/upstream-specs';
import { http, type RequestHandler } from 'msw';
import { activeFault } from '../faults.js';
import { type HttpFaultRenderer, withFault } from '../with-fault.js';
import { loadOperation, matchRoute, type Operation } from './operations.js';
import { bareMediaType, responsesOf } from './parameters.js';
import { type CheckOptions, checkRequest, type RequestVerdict } from './request-check.js';
import { sampleValid } from './sample.js';

export type Rejection = Extract<RequestVerdict, { ok: false }>;

/** What an API family contributes: its hosts, its auth answer and its own response shapes. */
export interface SpecFamilyAdapter {
  family: SpecFamily;
  /** `https://host` bases the family answers on. */
  bases: readonly string[];
  check: CheckOptions;
  /** The API's answer when the caller is not authorised (checked before the request itself). */
  authFailure(request: Request, op: Operation): Response | undefined;
  /** The API's answer to a request its spec rejects (400 / 406 / 415). */
  rejection(op: Operation, verdict: Rejection, request: Request): Response;
  /** The API's success answer around a synthesised body. */
  success(op: Operation, synthesized: Synthesized, request: Request): Response;
  renderFault: HttpFaultRenderer;
  /** Where a synthesised redirect (a download answering 307) points: `<base>/<operationId>`. */
  redirectBase: string;
}

export interface Synthesized {
  status: number;
  /** For a redirect-only operation (e.g. a download answering 307): where it points. */
  location?: string;
  /** Declared media type of the body (undefined: no body, e.g. 204). */
  mediaType?: string;
  body?: unknown;
}

/** The official operation a request reaches, or undefined when the spec has no such method + path. */
export async function resolveOperation(
  family: SpecFamily,
  request: Request,
): Promise<{ op: Operation; pathParams: Record<string, string> } | undefined> {
  const hit = matchRoute(family, request.method, new URL(request.url).pathname);
  if (!hit) return undefined;
  return { op: await loadOperation(hit.route), pathParams: hit.pathParams };
}

/** Auth first, then the spec: the API's rejection, or undefined when the request may proceed. */
export async function frontDoor(
  adapter: SpecFamilyAdapter,
  op: Operation,
  pathParams: Record<string, string>,
  request: Request,
): Promise<Response | undefined> {
  const denied = adapter.authFailure(request, op);
  if (denied) return denied;
  const verdict = await checkRequest(op, request.clone(), pathParams, adapter.check);
  return verdict.ok ? undefined : adapter.rejection(op, verdict, request);
}

/** The success status an operation answers with: 200, else the lowest 2xx, else a 3xx, else `default`. */
export function successStatus(op: Operation): string | undefined {
  const codes = [...responsesOf(op).keys()];
  if (codes.includes('200')) return '200';
  return (
    codes.filter((c) => /^2\d\d$/.test(c)).sort()[0] ??
    codes.filter((c) => /^3\d\d$/.test(c)).sort()[0] ??
    (codes.includes('default') ? 'default' : undefined)
  );
}


/** The declared media type an Accept header selects among `declared` (first declared when none). */
export function chooseMediaType(declared: string[], accept: string | null): string | undefined {
  if (accept) {
    for (const wanted of accept.split(',').map((a) => bareMediaType(a))) {
      const hit = declared.find((d) => d.toLowerCase() === wanted);
      if (hit) return hit;
    }
  }
  return declared[0];
}

/** A schema-valid success answer for an operation, from its spec. */
export function synthesize(op: Operation, accept: string | null, redirectBase: string): Synthesized {
  const status = successStatus(op);
  if (!status) return { status: 200 };
  const media = responsesOf(op).get(status) ?? new Map();
  const mediaType = chooseMediaType(
    [...media.values()].map((m) => m.mediaType),
    accept,
  );
  const code = status === 'default' ? 200 : Number(status);
  if (code >= 300 && code < 400) return { status: code, location: `${redirectBase}/${op.operationId}` };
  if (code === 204) return { status: code };
  const entry = mediaType ? media.get(mediaType.toLowerCase()) : undefined;
  if (!mediaType || !entry) return { status: code };
  const body = entry.schema ? sampleValid(entry.schema, op.doc, 'response') : {};
  return { status: code, mediaType, body };
}

/**
 * Gate handlers: for every request to an operation the spec knows, answer the API's rejection when
 * the spec rejects it; otherwise pass through to the hand-written handler (or the catch-all).
 * A fault scenario in force passes through too, so the handler renders it the usual way.
 */
export function specGate(adapter: SpecFamilyAdapter): RequestHandler[] {
  return adapter.bases.map((base) =>
    http.all(`${base}/*`, async ({ request }) => {
      if (activeFault('api') !== undefined) return undefined;
      const resolved = await resolveOperation(adapter.family, request);
      if (!resolved) return undefined;
      const denied = adapter.authFailure(request, resolved.op);
      if (denied) return undefined;
      return frontDoor(adapter, resolved.op, resolved.pathParams, request);
    }),
  );
}

/**
 * Catch-all handlers, registered after the hand-written ones: every other operation of the spec
 * answers a synthesised, schema-valid success body after the same checks, under the fault scenarios.
 */
export function specCatchAll(adapter: SpecFamilyAdapter): RequestHandler[] {
  return adapter.bases.map((base) =>
    http.all(
      `${base}/*`,
      withFault('api', adapter.renderFault, async ({ request }) => {
        const resolved = await resolveOperation(adapter.family, request);
        if (!resolved) return undefined;
        const rejected = await frontDoor(adapter, resolved.op, resolved.pathParams, request);
        if (rejected) return rejected;
        return adapter.success(resolved.op, synthesize(resolved.op, request.headers.get('accept'), adapter.redirectBase), request);
      }),
    ),
  );
}
