// Request-time side of the spec layer: routing a request to its operation, synthesising its answer.
import type { SpecFamily } from '@obmcp/upstream-specs';
import { loadOperation, malformedPath, matchRoute, type Operation } from './operations.js';
import { chooseMediaType, responsesOf } from './parameters.js';
import { sampleValid } from './sample.js';
import { validatorFor } from './validator.js';

/** The answer the catch-all sends: status, and a body in a declared media type (or none). */
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

/**
 * Why the request's path reaches no resource of the family although it is shaped like one (see
 * `malformedPath`), or undefined. The real APIs route on the raw path, so such a request finds nothing.
 */
export function misroutedPath(family: SpecFamily, request: Request): string | undefined {
  const pathname = new URL(request.url).pathname;
  return malformedPath(pathname, matchRoute(family, request.method, pathname));
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
  // Optional properties too (to the sampler's depth bound): a body with the fields a caller reads.
  const body = entry.schema ? sampleValid(entry.schema, op.doc, 'response', { optional: true }) : {};
  return {
    status: code,
    mediaType: concreteMediaType(mediaType),
    body: withoutSampleErrors(body, entry.schema, op),
  };
}

/**
 * A declared media range (`*\/*`, `application/*`) is what the API may send, not a Content-Type it sends:
 * the sampled JSON body goes out as application/json, as Amazon's answers do.
 */
function concreteMediaType(mediaType: string): string {
  return mediaType.includes('*') ? 'application/json' : mediaType;
}

/**
 * A success body whose top-level `errors` list the sampler filled in reads as a failure; an empty
 * list where the schema allows one is what a successful call carries.
 */
function withoutSampleErrors(body: unknown, schema: object | undefined, op: Operation): unknown {
  if (!schema || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  const errors = (body as Record<string, unknown>).errors;
  if (!Array.isArray(errors) || errors.length === 0) return body;
  const emptied = { ...(body as Record<string, unknown>), errors: [] };
  return validatorFor(schema, op.doc, 'response')(emptied) ? emptied : body;
}
