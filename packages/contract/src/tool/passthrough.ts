// Unknown top-level fields (strict mode off): split off in the pipeline, handed to the upstream request by the app.
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
  // Object.fromEntries makes own data properties, `__proto__` included (never a prototype change).
  const entries = Object.entries(args);
  const kept = Object.fromEntries(entries.filter(([key]) => known.has(key)));
  const fields = Object.fromEntries(entries.filter(([key]) => !known.has(key)));
  return { args: kept, passthrough: { target, fields } };
}

/**
 * The call's passthrough fields in the shape of an upstream request (http-kit's exchange `extraQuery` /
 * `extraBody`, which merge them with the tool's own parameters winning on a clash). Query values that are
 * not scalars (or arrays of scalars) become JSON text.
 */
export function passthroughParts(passthrough: Passthrough | undefined): {
  extraQuery?: Record<string, PassthroughQueryValue>;
  extraBody?: Record<string, unknown>;
} {
  if (passthrough === undefined) return {};
  if (passthrough.target === 'body') return { extraBody: { ...passthrough.fields } };
  const extraQuery = Object.fromEntries(
    Object.entries(passthrough.fields).map(([key, value]) => [key, asQueryValue(value)]),
  );
  return { extraQuery };
}

function asQueryValue(value: unknown): PassthroughQueryValue {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'))
    return value as (string | number)[];
  return JSON.stringify(value);
}
