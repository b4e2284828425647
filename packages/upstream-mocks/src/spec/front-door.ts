// The generic spec layer for msw: a gate in front of the hand-written handlers and a catch-all after
// them. Light at preload: the engine (specs, ajv, sampler) is imported on the first request.
import type { SpecFamily } from '@obmcp/upstream-specs';
import { http, type RequestHandler } from 'msw';
import { activeFault } from '../faults.js';
import { recordRequest } from '../request-log.js';
import { type HttpFaultRenderer, withFault } from '../with-fault.js';
import type { Operation } from './operations.js';
import type { CheckOptions, RequestVerdict } from './request-check.js';
import type { Synthesized } from './synthesize.js';

export type { Synthesized } from './synthesize.js';
export type Rejection = Extract<RequestVerdict, { ok: false }>;
export type Engine = typeof import('./engine.js');

let engine: Promise<Engine> | undefined;

/** The spec engine, imported once on first use (keeps ajv, the sampler and the specs off cold start). */
export function loadEngine(): Promise<Engine> {
  engine ??= import('./engine.js');
  return engine;
}

/** What an API family contributes: its hosts, its auth answer and its own response shapes. */
export interface SpecFamilyAdapter {
  family: SpecFamily;
  /** `https://host` bases the family answers on. */
  bases: readonly string[];
  check: CheckOptions;
  /**
   * The API's 429 when the operation's bucket is empty (OBMCP_MOCK_THROTTLE), else undefined. Checked
   * after auth and before the request itself, once per request (by the gate), at the request's arrival
   * time (`arrivedMs`, taken before the mock looks the operation up, as a gateway counts on arrival).
   */
  throttle(op: Operation, request: Request, arrivedMs: number): Response | undefined;
  /** The API's answer when the caller is not authorised (checked before the request itself). */
  authFailure(request: Request, op: Operation): Response | undefined;
  /** The API's answer to a request its spec rejects (400 / 406 / 415). */
  rejection(op: Operation, verdict: Rejection, request: Request): Response | Promise<Response>;
  /** The API's success answer around a synthesised body. */
  success(op: Operation, synthesized: Synthesized, request: Request): Response | Promise<Response>;
  renderFault: HttpFaultRenderer;
  /** Where a synthesised redirect (a download answering 307) points: `<base>/<operationId>`. */
  redirectBase: string;
  /** The API's answer to a path that names no resource (no template matches it, or `why` says how it is malformed). */
  unknownRoute(request: Request, why: string): Response;
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
  const { checkRequest } = await loadEngine();
  const verdict = await checkRequest(op, request.clone(), pathParams, adapter.check);
  return verdict.ok ? undefined : adapter.rejection(op, verdict, request);
}

/**
 * Gate handlers: for every request to an operation the spec knows, answer the API's rejection when
 * the spec rejects it (or the API's 429 when the operation's bucket is empty); otherwise pass through to
 * the hand-written handler (or the catch-all).
 * A fault scenario in force passes through too, so the handler renders it the usual way.
 */
export function specGate(adapter: SpecFamilyAdapter): RequestHandler[] {
  return adapter.bases.map((base) =>
    http.all(`${base}/*`, async ({ request }) => {
      const arrivedMs = Date.now();
      // Every request is logged, also the ones this gate refuses (OBMCP_MOCK_REQUEST_LOG).
      await recordRequest(request);
      if (activeFault('api') !== undefined) return undefined;
      const { misroutedPath, resolveOperation } = await loadEngine();
      // A path shaped like a template but naming no resource (a literal {placeholder}, %2F in a greedy
      // parameter, an empty or dot segment) reaches nothing upstream: no hand-written handler may take it.
      const misrouted = misroutedPath(adapter.family, request);
      if (misrouted) return adapter.unknownRoute(request, misrouted);
      const resolved = await resolveOperation(adapter.family, request);
      if (!resolved) return undefined;
      const denied = adapter.authFailure(request, resolved.op);
      if (denied) return undefined;
      const throttled = adapter.throttle(resolved.op, request, arrivedMs);
      if (throttled) return throttled;
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
        const { resolveOperation, synthesize } = await loadEngine();
        const resolved = await resolveOperation(adapter.family, request);
        if (!resolved) {
          const url = new URL(request.url);
          return adapter.unknownRoute(request, `no operation is ${request.method} ${url.pathname}`);
        }
        const rejected = await frontDoor(adapter, resolved.op, resolved.pathParams, request);
        if (rejected) return rejected;
        const synthesized = synthesize(resolved.op, request.headers.get('accept'), adapter.redirectBase);
        return adapter.success(resolved.op, synthesized, request);
      }),
    ),
  );
}
