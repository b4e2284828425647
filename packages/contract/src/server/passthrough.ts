// Unknown top-level fields (strict mode off): split off in the pipeline, merged into the upstream request by the app.
import { isPlainObject } from '../validation/json-type.js';
import { propertyNames } from '../validation/schema-walk.js';
import type { Passthrough, PassthroughTarget } from './types.js';

/** A query parameter value in http-kit's shape (arrays of scalars are comma-joined there). */
export type PassthroughQueryValue = string | number | boolean | readonly (string | number)[];

/** Args without the fields the schema does not name, and those fields (undefined when there are none). */
export function splitPassthrough(
  args: unknown,
  schema: unknown,
  target: PassthroughTarget | undefined,
): { args: unknown; passthrough?: Passthrough } {
  if (target === undefined || !isPlainObject(args)) return { args };
  const known = new Set(propertyNames(schema));
  const unknown = Object.keys(args).filter((key) => !known.has(key));
  if (unknown.length === 0) return { args };
  const kept: Record<string, unknown> = {};
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) define(known.has(key) ? kept : fields, key, value);
  return { args: kept, passthrough: { target, fields } };
}

/**
 * The request with the call's passthrough fields merged into its query or JSON body. The tool's own
 * parameters win over a passthrough field of the same name. Query values that are not scalars (or
 * arrays of scalars) are sent as JSON text.
 */
export function applyPassthrough<R extends { query?: object; body?: unknown }>(
  request: R,
  passthrough: Passthrough | undefined,
): R {
  if (passthrough === undefined) return request;
  if (passthrough.target === 'query') {
    const extra: Record<string, PassthroughQueryValue> = {};
    for (const [key, value] of Object.entries(passthrough.fields)) define(extra, key, asQueryValue(value));
    return { ...request, query: { ...extra, ...request.query } };
  }
  if (request.body === undefined) return { ...request, body: { ...passthrough.fields } };
  if (!isPlainObject(request.body))
    throw new Error(
      'passthrough target "body" needs a JSON object body (the tool declares the wrong target)',
    );
  return { ...request, body: { ...passthrough.fields, ...request.body } };
}

function asQueryValue(value: unknown): PassthroughQueryValue {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'))
    return value as (string | number)[];
  return JSON.stringify(value);
}

/** An own data property even for `__proto__`. */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
