// Read-only helpers over a published tool: its JSON Schema's properties, simple types, and its examples (_meta).
import { EXAMPLES_META_KEY } from '@obmcp/contract';
export type Schema = Record<string, unknown>;

export const isSchema = (v: unknown): v is Schema => v !== null && typeof v === 'object' && !Array.isArray(v);

export function propertiesOf(schema: unknown): Array<[string, Schema]> {
  if (!isSchema(schema) || !isSchema(schema.properties)) return [];
  return Object.entries(schema.properties).filter((e): e is [string, Schema] => isSchema(e[1]));
}

export function requiredOf(schema: unknown): string[] {
  return isSchema(schema) && Array.isArray(schema.required)
    ? schema.required.filter((r): r is string => typeof r === 'string')
    : [];
}

/** The single declared `type` of a schema without combinators or refs; undefined otherwise. */
export function simpleType(schema: unknown): string | undefined {
  if (!isSchema(schema) || typeof schema.type !== 'string') return undefined;
  if ('anyOf' in schema || 'oneOf' in schema || 'allOf' in schema || '$ref' in schema || 'not' in schema)
    return undefined;
  return schema.type;
}

export const SCALAR_TYPES = ['string', 'integer', 'number', 'boolean'] as const;

export function isScalarType(t: string | undefined): boolean {
  return t !== undefined && (SCALAR_TYPES as readonly string[]).includes(t);
}

/** A string schema whose only constraint is its type (no enum/pattern/format/const). */
export function isPlainString(schema: Schema): boolean {
  return (
    simpleType(schema) === 'string' &&
    !('enum' in schema) &&
    !('pattern' in schema) &&
    !('format' in schema) &&
    !('const' in schema)
  );
}

export function stringEnum(schema: unknown): string[] | undefined {
  if (!isSchema(schema) || !Array.isArray(schema.enum) || schema.enum.length === 0) return undefined;
  if (schema.type !== undefined && schema.type !== 'string') return undefined;
  return schema.enum.every((v) => typeof v === 'string') ? (schema.enum as string[]) : undefined;
}

export function additionalPropertiesOf(schema: unknown): 'closed' | 'open' | 'silent' {
  if (!isSchema(schema)) return 'silent';
  const ap = schema.additionalProperties;
  if (ap === false || schema.unevaluatedProperties === false) return 'closed';
  if (ap === true || isSchema(ap)) return 'open';
  return 'silent';
}

/** The published examples of a tool: `_meta["io.obmcp/examples"]` (they are not in the portable inputSchema). */
export function examplesOf(tool: { _meta?: unknown }): unknown[] | undefined {
  const meta = tool._meta;
  const list = isSchema(meta) ? meta[EXAMPLES_META_KEY] : undefined;
  return Array.isArray(list) ? list : undefined;
}

/** Valid object examples of a tool (argument objects only). */
export function objectExamples(tool: { _meta?: unknown }): Array<Record<string, unknown>> {
  return (examplesOf(tool) ?? []).filter(isSchema);
}

/** The case-insensitive, separator-free form two keys must share to be "the same key". */
export const foldName = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A value of a different JSON type than `type` that normalization will not coerce. */
export function wrongValueFor(type: string): unknown {
  switch (type) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'not-a-number';
    case 'boolean':
      return 'not-a-boolean';
    default:
      return 12345;
  }
}
