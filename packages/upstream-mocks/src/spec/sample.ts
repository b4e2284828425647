// Schema-valid sample values from spec schemas: openapi-sampler (deterministic), then repaired with ajv.
import type { ErrorObject } from 'ajv';
import { sample } from 'openapi-sampler';
import { type Direction, deref, type Json } from './json-schema.js';
import { withRealisticStrings } from './realistic.js';
import { scalarSample } from './scalar.js';
import { convertedSchema, schemaErrors } from './validator.js';

type Sampleable = Parameters<typeof sample>[0];

function draw(
  schema: unknown,
  root: unknown,
  direction: Direction,
  patterns: boolean,
  optional = false,
): unknown {
  try {
    return sample(
      schema as Sampleable,
      {
        quiet: true,
        enablePatterns: patterns,
        skipReadOnly: direction === 'request',
        skipWriteOnly: direction === 'response',
        maxSampleDepth: optional ? 4 : 6,
        skipNonRequired: !optional,
      },
      root as object,
    );
  } catch {
    return undefined;
  }
}

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The smallest value of a schema: required properties only, empty arrays where allowed. */
function minimal(input: unknown, root: unknown, direction: Direction, depth = 0): unknown {
  const schema = deref(root, input);
  if (!isObject(schema)) return {};
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('const' in schema) return schema.const;
  if (typeof schema.pattern === 'string' || typeof schema.format === 'string') {
    const scalar = scalarSample(schema);
    if (scalar !== undefined) return scalar;
  }
  const branches = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (Array.isArray(branches) && branches.length > 0 && depth < 30)
    return minimal(branches[0], root, direction, depth + 1);
  if (Array.isArray(schema.allOf) && depth < 30) {
    const parts = schema.allOf.map((s) => minimal(s, root, direction, depth + 1));
    if (parts.every(isObject)) return Object.assign({}, ...parts);
    return parts[0];
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || (type === undefined && isObject(schema.properties))) {
    const out: Json = {};
    const props = (schema.properties as Json | undefined) ?? {};
    for (const name of (schema.required as string[] | undefined) ?? []) {
      out[name] = depth < 30 ? minimal(props[name] ?? {}, root, direction, depth + 1) : {};
    }
    return out;
  }
  if (type === 'array') {
    const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
    return Array.from({ length: min }, () => minimal(schema.items ?? {}, root, direction, depth + 1));
  }
  const scalar = scalarSample(schema);
  return scalar !== undefined ? scalar : draw(schema, root, direction, true);
}

function pointerParts(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function getAt(root: unknown, parts: string[]): unknown {
  return parts.reduce<unknown>(
    (node, part) => (isObject(node) || Array.isArray(node) ? (node as Json)[part] : undefined),
    root,
  );
}

function setAt(root: unknown, parts: string[], value: unknown): unknown {
  if (parts.length === 0) return value;
  const parent = getAt(root, parts.slice(0, -1));
  if (isObject(parent) || Array.isArray(parent)) (parent as Json)[parts[parts.length - 1] as string] = value;
  return root;
}

interface RepairContext {
  converted: Json;
  direction: Direction;
  attempts: Map<string, number>;
  depth: number;
}

/**
 * A value for a oneOf/anyOf node that validates: each branch in turn (required properties only, then
 * with optional ones), merged over the node's own keywords and the object already there.
 */
function branchValue(parent: Json, current: unknown, ctx: RepairContext): unknown {
  const branches = (parent.oneOf ?? parent.anyOf) as unknown[];
  const { oneOf: _o, anyOf: _a, ...own } = parent;
  const base =
    Object.keys(own).length > 0 ? sampleValidIn(own, ctx.converted, ctx.direction, ctx.depth + 1) : undefined;
  for (const optional of [false, true]) {
    for (const raw of branches) {
      // A branch that only lists `required` names properties the node itself defines.
      const branch = deref(ctx.converted, raw) as Json;
      const withProps =
        isObject(own.properties) && !isObject(branch.properties)
          ? { ...branch, properties: own.properties }
          : branch;
      const picked = sampleValidIn(withProps, ctx.converted, ctx.direction, ctx.depth + 1, optional);
      const candidate = isObject(picked)
        ? { ...(isObject(current) ? current : {}), ...(isObject(base) ? base : {}), ...picked }
        : picked;
      if (schemaErrors(parent, ctx.converted, ctx.direction, candidate).length === 0) return candidate;
    }
  }
  return current;
}

function fix(value: unknown, error: ErrorObject, ctx: RepairContext): unknown {
  const parts = pointerParts(error.instancePath);
  const params = error.params as Json;
  const parent = error.parentSchema as Json | undefined;
  const tries = (ctx.attempts.get(error.instancePath) ?? 0) + 1;
  ctx.attempts.set(error.instancePath, tries);
  switch (error.keyword) {
    case 'additionalProperties': {
      const target = getAt(value, parts);
      if (isObject(target)) delete target[String(params.additionalProperty)];
      return value;
    }
    case 'required': {
      const missing = String(params.missingProperty);
      const propSchema = (parent?.properties as Json | undefined)?.[missing] ?? {};
      return setAt(value, [...parts, missing], minimal(propSchema, ctx.converted, ctx.direction));
    }
    case 'enum':
      return setAt(value, parts, (params.allowedValues as unknown[])[0]);
    case 'const':
      return setAt(value, parts, params.allowedValue);
    case 'oneOf':
    case 'anyOf':
      return parent && ctx.depth < 4
        ? setAt(value, parts, branchValue(parent, getAt(value, parts), ctx))
        : value;
    default:
      if (!parent) return value;
      // First the sampler without the node's own default/example (often the culprit), then minimal.
      return setAt(
        value,
        parts,
        tries <= 1
          ? draw(withoutDefaults(parent), ctx.converted, ctx.direction, true)
          : minimal(parent, ctx.converted, ctx.direction),
      );
  }
}

function withoutDefaults(schema: Json): Json {
  const { default: _d, examples: _e, example: _x, ...rest } = schema;
  return rest;
}

function isWithin(path: string, ancestor: string): boolean {
  return path === ancestor || path.startsWith(`${ancestor}/`);
}

function sampleValidIn(
  schema: Json,
  root: unknown,
  direction: Direction,
  depth: number,
  optional = false,
): unknown {
  let value = draw(schema, root, direction, false, optional);
  const ctx: RepairContext = {
    converted: convertedSchema(schema, root, direction),
    direction,
    attempts: new Map(),
    depth,
  };
  for (let round = 0; round < 12; round += 1) {
    const errors = schemaErrors(schema, root, direction, value);
    if (errors.length === 0) return value;
    // A failed oneOf/anyOf is repaired whole (its branch errors are noise); other errors deepest first.
    const unions = errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf');
    const rest = errors
      .filter((e) => !unions.some((u) => e.schemaPath.startsWith(`${u.schemaPath}/`)))
      .filter((e) => !unions.includes(e))
      .sort((a, b) => b.instancePath.length - a.instancePath.length);
    const fixed = new Set<string>();
    for (const error of [...rest, ...unions.sort((a, b) => a.instancePath.length - b.instancePath.length)]) {
      // Several missing or unknown properties of one object are repaired one by one.
      const local = error.keyword === 'required' || error.keyword === 'additionalProperties';
      if (!local && [...fixed].some((f) => isWithin(error.instancePath, f))) continue;
      value = fix(value, error, ctx);
      if (!local) fixed.add(error.instancePath);
    }
  }
  return value;
}

/**
 * A value valid against `schema` (required properties only unless `optional`; optional ones down to the
 * sampler's depth bound): the spec's own examples first, then each ajv error repaired by
 * resampling the failing node from the converted schema (patterns on), then its minimal value.
 * Deterministic (openapi-sampler draws no random numbers), so computed once per schema.
 */
const cache = new Map<string, WeakMap<object, unknown>>();

export function sampleValid(
  schema: Json,
  root: unknown,
  direction: Direction,
  options: { optional?: boolean } = {},
): unknown {
  const key = `${direction}:${options.optional === true}`;
  let bySchema = cache.get(key);
  if (!bySchema) {
    bySchema = new WeakMap();
    cache.set(key, bySchema);
  }
  if (!bySchema.has(schema)) {
    const valid = (v: unknown) => schemaErrors(schema, root, direction, v).length === 0;
    const filled = sampleValidIn(schema, root, direction, 0, options.optional === true);
    // Where filling optional properties cannot be repaired into a valid value, the required-only sample.
    const value =
      options.optional === true && !valid(filled) ? sampleValidIn(schema, root, direction, 0, false) : filled;
    // Values that read like their field instead of the sampler's "string" (kept only where still valid).
    bySchema.set(schema, withRealisticStrings(value, valid));
  }
  // Callers may fill the value in (error bodies): each gets its own copy.
  return structuredClone(bySchema.get(schema));
}
