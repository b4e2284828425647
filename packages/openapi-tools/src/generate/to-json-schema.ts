// Spec schema (Swagger 2.0 / OpenAPI 3.0, dereferenced) → the full JSON Schema a catalog stores for a tool input.
import { impliedType } from '@obmcp/contract/schema';
import { fromSchema } from '@openapi-contrib/openapi-schema-to-json-schema';
import type { JsonSchemaObject } from '../catalog-types.js';
import { bound, plainText } from './describe.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Keywords a catalog does not carry: annotations that constrain nothing (the catalog stays compact), spec-only
 * keywords the validator does not know, and `nullable` left without a `type` (ajv refuses it there).
 */
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

export interface SchemaOptions {
  /** Longest description kept on a property. */
  maxDescription: number;
}

function tableFree(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.trim().startsWith('|'))
    .join('\n');
}

/**
 * The full schema the server validates every call with: converted by the OpenAPI→JSON Schema converter
 * (OpenAPI `nullable` → a `type` array), self-contained, compact, valid for ajv. It is not made portable
 * here: the contract derives the published view from it (`derivePortableSchema`, at listing time).
 */
export function toInputSchema(schema: unknown, options: SchemaOptions): JsonSchemaObject {
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
  return catalogNode(converted, options) as JsonSchemaObject;
}

/** What a recursive occurrence of a schema becomes: open, with a note (a catalog schema has no $ref). */
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

/**
 * One node for the catalog: no $ref (one the dereferencer left becomes an open schema with a note), no
 * dropped keywords or vendor extensions, plain bounded descriptions, patterns valid under the `u` flag, the
 * implied `type` stated (the contract's rule). Boolean subschemas and `type` arrays stay as the spec means
 * them; `additionalProperties: true` and an empty `required` are left out (they constrain nothing).
 */
function catalogNode(node: unknown, options: SchemaOptions): unknown {
  if (!isObj(node)) return node;
  if (typeof node.$ref === 'string') {
    const name = node.$ref.slice(node.$ref.lastIndexOf('/') + 1);
    return { description: `Recursive: a ${name} (same shape as the enclosing ${name}).` };
  }
  const out: Obj = {};
  for (const [key, value] of Object.entries(node)) {
    if (DROP.has(key) || key.startsWith('x-')) continue;
    if (ONE.has(key)) {
      if (key === 'additionalProperties' && value === true) continue;
      if (isObj(value) || typeof value === 'boolean') out[key] = catalogNode(value, options);
    } else if (LIST.has(key)) {
      if (Array.isArray(value)) out[key] = value.map((v) => catalogNode(v, options));
    } else if (MAP.has(key)) {
      if (isObj(value))
        out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, catalogNode(v, options)]));
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
  if (out.type !== undefined) return out;
  const type = impliedType(out);
  return type === undefined ? out : { type, ...out };
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
