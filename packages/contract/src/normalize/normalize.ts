// Pre-flight normalization: canonical keys, scalar→array, stringified JSON, unknown-key events.
import { ClientSideError } from '../tool/errors.js';
import type { HintTables } from '../hints/tables.js';
import type { NormalizationEvent } from '../envelope/types.js';
import { foldKey } from '../hints/distance.js';
import { isPlainObject, jsonType, toPath } from '../validation/json-type.js';
import { allowsExtra, childSchema, declaredTypes, propertyNames } from '../validation/schema-walk.js';
import { isSilentObjectSchema } from '../validation/strict-unknown.js';

export interface NormalizeOptions {
  strictUnknown: boolean;
  tables?: HintTables;
  /** Depth guard for hostile nesting; deeper levels are left to the validator. */
  maxDepth?: number;
}

export interface NormalizeResult {
  args: unknown;
  events: NormalizationEvent[];
}

/** The value already has one of the declared types (an integer satisfies `number`). */
const fitsTypes = (types: readonly string[], v: unknown): boolean =>
  types.includes(jsonType(v)) || (jsonType(v) === 'integer' && types.includes('number'));

/** An own data property, as plain assignment makes one, even for `__proto__` (assignment would call its setter). */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** What walkObject needs from an object schema, derived once per schema object (schemas are immutable). */
interface ObjectPlan {
  types: readonly string[];
  known: ReadonlySet<string>;
  /** Folded key → canonical names; built on the first call that sends an unknown key. */
  byFold?: ReadonlyMap<string, readonly string[]>;
}

const plans = new WeakMap<object, ObjectPlan>();

function planOf(schema: unknown): ObjectPlan {
  // No schema object (a boolean schema, nothing): no declared types, no known keys, nothing to cache.
  if (!isPlainObject(schema)) return { types: declaredTypes(schema), known: new Set() };
  let plan = plans.get(schema);
  if (plan === undefined) {
    plan = { types: declaredTypes(schema), known: new Set(propertyNames(schema)) };
    plans.set(schema, plan);
  }
  return plan;
}

function foldIndex(plan: ObjectPlan): ReadonlyMap<string, readonly string[]> {
  if (plan.byFold === undefined) {
    const byFold = new Map<string, string[]>();
    for (const k of plan.known) byFold.set(foldKey(k), [...(byFold.get(foldKey(k)) ?? []), k]);
    plan.byFold = byFold;
  }
  return plan.byFold;
}

export function normalizeArgs(args: unknown, schema: unknown, options: NormalizeOptions): NormalizeResult {
  const events: NormalizationEvent[] = [];
  const value = walkValue(args, schema, '', options, events, 0);
  return { args: value, events };
}

function walkValue(
  value: unknown,
  schema: unknown,
  path: string,
  o: NormalizeOptions,
  events: NormalizationEvent[],
  depth: number,
): unknown {
  if (depth > (o.maxDepth ?? 12)) return value;
  const { types } = planOf(schema);
  let current = value;
  if (
    typeof current === 'string' &&
    (types.includes('array') || types.includes('object')) &&
    !types.includes('string')
  ) {
    current = parseStringified(current, types, path, events);
  }
  if (types.includes('array') && current !== undefined && !fitsTypes(types, current)) {
    events.push({
      kind: 'coerced',
      field: path,
      from_type: jsonType(current),
      to_type: 'array',
      reason: 'schema_array_wrap',
    });
    current = [current];
  }
  if (Array.isArray(current)) {
    return current.map((item, i) =>
      walkValue(item, childSchema(schema, i), toPath(path, String(i)), o, events, depth + 1),
    );
  }
  // `properties: {}` counts: its keys are all unknown (and strict mode rejects them).
  if (isPlainObject(current) && isPlainObject(schema) && isPlainObject(schema.properties))
    return walkObject(current, schema, path, o, events, depth);
  return current;
}

function parseStringified(
  text: string,
  types: readonly string[],
  path: string,
  events: NormalizationEvent[],
): unknown {
  const trimmed = text.trim();
  const opener = trimmed[0];
  if (opener !== '[' && opener !== '{') return text;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    const kind = jsonType(parsed);
    if (!types.includes(kind)) return text;
    events.push({
      kind: 'coerced',
      field: path,
      from_type: 'string',
      to_type: kind,
      reason: 'json_string_parsed',
    });
    return parsed;
  } catch {
    const expected = opener === '[' ? 'array' : 'object';
    throw new ClientSideError('BODY_COERCION_INVALID_JSON', {
      summary: 'Invalid JSON-like string in request body field.',
      retryable: true,
      details: [
        {
          path,
          issue: `expected JSON ${expected}, got malformed string`,
          received_type: 'string',
          field: path,
        },
      ],
      hints: [
        `Use a native JSON ${expected} for ${path === '' ? 'the arguments' : path} instead of an invalid string value.`,
      ],
    });
  }
}

function walkObject(
  obj: Record<string, unknown>,
  schema: unknown,
  path: string,
  o: NormalizeOptions,
  events: NormalizationEvent[],
  depth: number,
) {
  const plan = planOf(schema);
  const { known } = plan;
  const out: Record<string, unknown> = {};
  const pending: Array<[string, unknown]> = [];
  for (const key of Object.keys(obj)) {
    if (known.has(key)) define(out, key, obj[key]);
    else pending.push([key, obj[key]]);
  }
  for (const [key, value] of pending) {
    const curated = o.tables?.keyRenames?.[key];
    const matches = curated && known.has(curated) ? [curated] : (foldIndex(plan).get(foldKey(key)) ?? []);
    const target = matches.length === 1 ? matches[0] : undefined;
    const from = toPath(path, key);
    if (target !== undefined) {
      if (Object.hasOwn(out, target) && out[target] !== undefined) {
        events.push({
          kind: 'dropped_alias',
          from,
          canonical: toPath(path, target),
          reason: 'canonical_key_also_present',
        });
      } else {
        events.push({ kind: 'renamed', from, to: toPath(path, target), reason: 'schema_canonical_key' });
        define(out, target, value);
      }
      continue;
    }
    // Same rule as the validator: explicit false rejects; strict mode rejects where the schema is silent.
    const rejected = !allowsExtra(schema) || (o.strictUnknown && isSilentObjectSchema(schema));
    events.push({
      kind: rejected ? 'unknown_field_rejected' : 'unknown_field_passed_through',
      field: from,
      reason: matches.length === 0 ? 'no_schema_match' : 'ambiguous_schema_match',
    });
    define(out, key, value);
  }
  for (const key of Object.keys(out)) {
    const sub = childSchema(schema, key);
    if (sub !== undefined)
      define(out, key, walkValue(out[key], sub, toPath(path, key), o, events, depth + 1));
  }
  return out;
}
