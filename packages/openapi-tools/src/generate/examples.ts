// Example arguments per operation: Amazon's sandbox request values when they validate, else a minimal sample.
import { sharedAjv } from '@obmcp/contract/schema';
import RandExp from 'randexp';
import type { JsonObjectValue, JsonSchemaObject, JsonValue, RecipeParam } from '../catalog-types.js';
import type { SpecOperation } from './spec-operations.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checked with the contract's own validator, so an example that passes here passes on the server. */
export function validates(schema: JsonSchemaObject, value: unknown): boolean {
  return sharedAjv().validate(schema, value);
}

/** Deterministic PRNG (mulberry32) so regenerated catalogs are byte-identical. */
function seeded(seed: number): (a: number, b: number) => number {
  let t = seed >>> 0;
  return (a, b) => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r ^= r + Math.imul(r ^ (r >>> 7), 61 | r);
    const x = ((r ^ (r >>> 14)) >>> 0) / 4294967296;
    return a + Math.floor(x * (b - a + 1));
  };
}

/** Friendly values for well-known argument names (any schema-valid value would do for the mocks). */
const NAMED: Array<[RegExp, string]> = [
  [/^marketplaceids?$/i, 'ATVPDKIKX0DER'],
  [/^sellerid$/i, 'A2EXAMPLESELLER'],
  [/^asins?$/i, 'B00EXAMPLE'],
  [/^(seller)?skus?$/i, 'SKU-001'],
  [/orderid$/i, '902-3159896-1390916'],
  [/^(locale|language|issuelocale)$/i, 'en_US'],
  [/currencycode$/i, 'USD'],
  [/countrycode$/i, 'US'],
];

function stringSample(schema: Obj, name: string, seed: number): string {
  const { format } = schema;
  if (format === 'date-time') return '2026-01-01T00:00:00Z';
  if (format === 'date') return '2026-01-01';
  if (format === 'uri' || format === 'url') return 'https://example.com/resource';
  if (format === 'email') return 'seller@example.com';
  if (format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  for (const [re, value] of NAMED) {
    if (re.test(name) && (!schema.pattern || new RegExp(String(schema.pattern), 'u').test(value)))
      return value;
  }
  const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
  const declaredMax = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const max = declaredMax ?? Math.max(min, 12);
  if (typeof schema.pattern === 'string') {
    try {
      const gen = new RandExp(schema.pattern);
      gen.randInt = seeded(seed);
      gen.max = Math.max(1, Math.min(max, 8));
      // Short samples first; a pattern of fixed long length (a UUID: 36) is kept when no maxLength forbids it.
      let long: string | undefined;
      for (let i = 0; i < 8; i++) {
        const s = gen.gen();
        if (s.length >= min && s.length <= max) return s;
        if (declaredMax === undefined && s.length >= min) long ??= s;
      }
      if (long !== undefined && !new RegExp(schema.pattern, 'u').test(fallback(name, min, max))) return long;
    } catch {
      // an ECMAScript-only construct RandExp cannot parse: fall through
    }
  }
  return fallback(name, min, max);
}

/** `example-<name>`, cut or padded to the length bounds. */
function fallback(name: string, min: number, max: number): string {
  const base = `example-${name || 'value'}`.replace(/[^A-Za-z0-9-]/g, '');
  return base.padEnd(min, 'x').slice(0, max);
}

/** The type to sample: the declared one (of a `type` array, the first that is not null), else implied by properties. */
function sampledType(schema: Obj): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (!Array.isArray(schema.type)) return undefined;
  const types = schema.type.filter((t): t is string => typeof t === 'string');
  return types.find((t) => t !== 'null') ?? types[0];
}

/** A minimal value for a schema: required properties only, one array item, first enum/anyOf branch. */
export function sample(schema: unknown, name = '', seed = 1, depth = 0): JsonValue {
  if (!isObj(schema) || depth > 14) return {};
  if ('const' in schema) return schema.const as JsonValue;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0] as JsonValue;
  if (schema.default !== undefined && validates(schema, schema.default)) return schema.default as JsonValue;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length > 0) {
      const nonNull = branches.find((b) => isObj(b) && b.type !== 'null') ?? branches[0];
      return sample({ ...schema, [key]: undefined, ...(nonNull as Obj) }, name, seed, depth + 1);
    }
  }
  if (Array.isArray(schema.allOf)) {
    const merged: Obj = { type: 'object', properties: {}, required: [] };
    for (const part of schema.allOf) {
      if (!isObj(part)) continue;
      Object.assign(merged.properties as Obj, isObj(part.properties) ? part.properties : {});
      (merged.required as unknown[]).push(...(Array.isArray(part.required) ? part.required : []));
      if (part.type && part.type !== 'object') return sample(part, name, seed, depth + 1);
    }
    return sample(merged, name, seed, depth + 1);
  }
  const type = sampledType(schema);
  switch (type) {
    case 'string':
      return stringSample(schema, name, seed);
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
      const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
      let v = min ?? (max !== undefined ? Math.min(1, max) : 1);
      if (typeof schema.exclusiveMinimum === 'number') v = schema.exclusiveMinimum + 1;
      return type === 'integer' ? Math.ceil(v) : v;
    }
    case 'boolean':
      return true;
    case 'array': {
      const n = Math.max(1, typeof schema.minItems === 'number' ? schema.minItems : 1);
      const items: JsonValue[] = [];
      for (let i = 0; i < n; i++) items.push(sample(schema.items, name, seed + i, depth + 1));
      return items;
    }
    case 'object': {
      const out: JsonObjectValue = {};
      const props = isObj(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
      for (const key of required) out[key] = sample(props[key] ?? {}, key, seed + key.length, depth + 1);
      const minProps = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
      for (const key of Object.keys(props)) {
        if (Object.keys(out).length >= minProps) break;
        if (!(key in out)) out[key] = sample(props[key], key, seed, depth + 1);
      }
      return out;
    }
    case 'null':
      return null;
    default:
      return isObj(schema.properties) ? sample({ ...schema, type: 'object' }, name, seed, depth) : 'example';
  }
}

/** Amazon's static sandbox request for the first 2xx case: `{ paramName: value }`, if the model has one. */
function sandboxValues(op: SpecOperation): Obj | undefined {
  // Integer-like keys (every status code) enumerate in ascending order: `200` before `201`.
  for (const code of Object.keys(op.responses).filter((c) => /^2/.test(c))) {
    const response = op.responses[code];
    const sandbox = isObj(response) ? response['x-amzn-api-sandbox'] : undefined;
    if (!isObj(sandbox) || !Array.isArray(sandbox.static)) continue;
    for (const c of sandbox.static) {
      const params = isObj(c) && isObj(c.request) && isObj(c.request.parameters) ? c.request.parameters : {};
      const values: Obj = {};
      for (const [name, v] of Object.entries(params)) if (isObj(v) && 'value' in v) values[name] = v.value;
      if (Object.keys(values).length > 0) return values;
    }
  }
  return undefined;
}

/**
 * The sandbox value of the Swagger body parameter: keyed by the parameter's name (e.g. `payload`) or,
 * as most models do whatever the name, by `body`.
 */
function bodyValue(op: SpecOperation, sandbox: Obj): unknown {
  const param = op.parameters.find((p) => p.in === 'body');
  return (typeof param?.name === 'string' ? sandbox[param.name] : undefined) ?? sandbox.body;
}

/**
 * Up to three examples that validate: the sandbox request (mapped onto argument keys) and a minimal
 * sample of the required arguments. A canned request need not name every required parameter (the
 * static sandbox matches on the ones it names), so one that lacks some is completed from the sample
 * and listed third.
 * Empty when neither validates (the caller reports it).
 */
export function buildExamples(
  op: SpecOperation,
  params: readonly RecipeParam[],
  inputSchema: JsonSchemaObject,
): JsonObjectValue[] {
  const out: JsonObjectValue[] = [];
  const minimal = sample(inputSchema, '', op.operationId.length) as JsonObjectValue;
  const sandbox = sandboxValues(op);
  /** A canned request completed from the sample: listed after the sample (its ids may exist only in the sandbox). */
  let completed: JsonObjectValue | undefined;
  if (sandbox) {
    const candidate: JsonObjectValue = {};
    for (const p of params) {
      const v = p.in === 'body' ? bodyValue(op, sandbox) : sandbox[p.name];
      if (v !== undefined) candidate[p.arg] = v as JsonValue;
    }
    if (validates(inputSchema, candidate)) out.push(candidate);
    else if (Object.keys(candidate).length > 0) completed = { ...minimal, ...candidate };
  }
  if (validates(inputSchema, minimal) && JSON.stringify(minimal) !== JSON.stringify(out[0]))
    out.push(minimal);
  if (completed && validates(inputSchema, completed)) out.push(completed);
  return out;
}

/** Documented examples first (those that validate), then the built ones not equal to any of them. */
export function withDocumented(
  documented: readonly JsonObjectValue[],
  built: JsonObjectValue[],
  inputSchema: JsonSchemaObject,
): { list: JsonObjectValue[]; documentedInvalid: boolean } {
  const valid = documented.filter((e) => validates(inputSchema, e));
  const seen = new Set(valid.map((e) => JSON.stringify(e)));
  const rest = built.filter((e) => !seen.has(JSON.stringify(e)));
  return { list: [...valid, ...rest], documentedInvalid: valid.length < documented.length };
}
