// Spec schema (Swagger 2.0 / OpenAPI 3.0, dereferenced) → portable JSON Schema for a tool input.
import { fromSchema } from '@openapi-contrib/openapi-schema-to-json-schema';
import type { JsonSchemaObject } from '../catalog-types.js';
import { bound, plainText } from './describe.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keywords that say nothing a validator or an agent needs, or that portable schemas must not carry. */
const DROP = new Set([
  '$schema',
  '$id',
  'id',
  'example',
  'examples',
  'xml',
  'externalDocs',
  'discriminator',
  'readOnly',
  'writeOnly',
  'deprecated',
  'title',
  'nullable',
  'definitions',
  'collectionFormat',
]);

/** Keywords whose value is one subschema / a list of subschemas / a map of subschemas. */
const ONE = new Set(['items', 'additionalProperties', 'not', 'propertyNames', 'contains']);
const LIST = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const MAP = new Set(['properties', 'patternProperties']);

/** Numeric formats whose only JSON Schema meaning is a range: dropped before conversion (no ±2^63 noise). */
const NUMERIC_FORMATS = new Set(['int32', 'int64', 'float', 'double']);

export interface PortableOptions {
  /** Longest description kept on a property. */
  maxDescription: number;
}

function tableFree(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.trim().startsWith('|'))
    .join('\n');
}

/** Converts with the OpenAPI→JSON Schema converter (nullable, unsupported keywords), then makes it portable. */
export function toPortableSchema(schema: unknown, options: PortableOptions): JsonSchemaObject {
  if (!isObj(schema)) return {};
  const copy = unroll(schema, new Set()) as Obj;
  const converted = fromSchema(copy, {
    cloneSchema: false,
    removeReadOnly: true,
    strictMode: false,
    beforeTransform: (node) => {
      const n = node as Obj;
      if (typeof n.format === 'string' && NUMERIC_FORMATS.has(n.format)) delete n.format;
      return node as never;
    },
  }) as Obj;
  return portable(converted, options, 0) as JsonSchemaObject;
}

/** What a recursive occurrence of a schema becomes: open, with a note (no $ref in portable schemas). */
export const RECURSION_CUT = {
  description: 'Recursive: the same structure as an enclosing object (not expanded again).',
};

/**
 * A tree copy of a dereferenced schema graph (shared nodes copied, object cycles cut): a node that
 * is already on the path from the root is replaced by RECURSION_CUT, so each recursive structure is
 * expanded once.
 */
function unroll(node: unknown, path: Set<object>): unknown {
  if (Array.isArray(node)) return node.map((item) => unroll(item, path));
  if (!isObj(node)) return node;
  if (path.has(node)) return { ...RECURSION_CUT };
  path.add(node);
  const out: Obj = {};
  for (const [key, value] of Object.entries(node)) out[key] = unroll(value, path);
  path.delete(node);
  return out;
}

function subschema(value: unknown, options: PortableOptions, depth: number): Obj {
  if (value === true) return {};
  if (value === false) return { not: {} };
  return portable(value, options, depth);
}

/**
 * No $ref (circular references left by the dereferencer become an open schema with a note), no
 * boolean subschemas (`additionalProperties: false` stays: it is the one boolean the contract uses),
 * no type arrays (→ anyOf), no examples, no vendor extensions; descriptions bounded.
 */
function portable(node: unknown, options: PortableOptions, depth: number): Obj {
  if (!isObj(node)) return {};
  if (typeof node.$ref === 'string') {
    const name = node.$ref.slice(node.$ref.lastIndexOf('/') + 1);
    return { description: `Recursive: a ${name} (same shape as the enclosing ${name}).` };
  }
  const out: Obj = {};
  for (const [key, value] of Object.entries(node)) {
    if (DROP.has(key) || key.startsWith('x-')) continue;
    if (ONE.has(key)) {
      if (key === 'additionalProperties' && value === true) continue;
      if (key === 'additionalProperties' && value === false) out[key] = false;
      else if (isObj(value) || typeof value === 'boolean') out[key] = subschema(value, options, depth + 1);
    } else if (LIST.has(key)) {
      if (Array.isArray(value)) out[key] = value.map((v) => subschema(v, options, depth + 1));
    } else if (MAP.has(key)) {
      if (isObj(value))
        out[key] = Object.fromEntries(
          Object.entries(value).map(([k, v]) => [k, subschema(v, options, depth + 1)]),
        );
    } else if (key === 'description') {
      if (typeof value === 'string') {
        const text = bound(plainText(tableFree(value)), options.maxDescription);
        if (text) out.description = text;
      }
    } else if (key === 'pattern') {
      const fixed = typeof value === 'string' ? unicodePattern(value) : undefined;
      if (fixed !== undefined) out.pattern = fixed;
    } else if (key === 'required') {
      if (Array.isArray(value) && value.length > 0) out.required = value;
    } else {
      out[key] = value;
    }
  }
  if (Array.isArray(out.type)) return splitTypeArray(out);
  return withImpliedType(out);
}

/**
 * Specs often leave `type` out of a schema that has `properties` or `items` (OpenAPI readers take it as an
 * object / array, and so does the published view of the contract). Stated here, so the validator agrees with
 * what tools/list shows: without it a body declared by its properties would accept `12345`.
 */
function withImpliedType(node: Obj): Obj {
  if (node.type !== undefined) return node;
  if (isObj(node.properties)) return { type: 'object', ...node };
  if (node.items !== undefined) return { type: 'array', ...node };
  return node;
}

/**
 * Validators compile patterns with the `u` flag (ajv's default), where identity escapes of
 * non-syntax characters (`\_`, `\:`) are errors. Such escapes are dropped; a pattern that still does
 * not compile is left out (the rest of the schema still validates).
 */
export function unicodePattern(pattern: string): string | undefined {
  const compiles = (p: string) => {
    try {
      new RegExp(p, 'u');
      return true;
    } catch {
      return false;
    }
  };
  if (compiles(pattern)) return pattern;
  const fixed = pattern.replace(/\\([^A-Za-z0-9^$\\.*+?()[\]{}|/-])/g, '$1');
  return compiles(fixed) ? fixed : undefined;
}

/** `{type:[T,'null'], enum:[…,null]}` → `anyOf:[{type:T, enum:[…]}, {type:'null'}]`. */
function splitTypeArray(node: Obj): Obj {
  const types = (node.type as unknown[]).filter((t): t is string => typeof t === 'string');
  const { type: _t, description, ...rest } = node;
  const branches: Obj[] = types.map((t) => {
    if (t === 'null') return { type: 'null' };
    const branch: Obj = { ...rest, type: t };
    if (Array.isArray(branch.enum)) branch.enum = branch.enum.filter((v) => v !== null);
    return branch;
  });
  if (branches.length === 1) return { ...(description ? { description } : {}), ...branches[0] };
  return { ...(description ? { description } : {}), anyOf: branches };
}
