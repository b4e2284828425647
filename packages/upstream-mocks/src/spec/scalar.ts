// The first valid value of a scalar schema: bounds, multipleOf, formats, and patterns via randexp.
import RandExp from 'randexp';
import { sample } from 'openapi-sampler';
import type { Json } from './json-schema.js';

/** Choices randexp makes: always the minimum, then one more, then a few more (deterministic). */
const CHOICES: Array<(from: number, to: number) => number> = [
  (from) => from,
  (from, to) => Math.min(to, from + 1),
  (from, to) => Math.min(to, from + 4),
];

/** A deterministic string matching `pattern` (and the length bounds), or undefined. */
export function patternSample(
  pattern: string,
  minLength = 0,
  maxLength = Number.POSITIVE_INFINITY,
): string | undefined {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern);
  } catch {
    return undefined;
  }
  for (const choose of CHOICES) {
    try {
      const gen = new RandExp(pattern);
      gen.randInt = choose;
      gen.max = 8;
      // Printable ASCII only (the default range includes control characters).
      gen.defaultRange.subtract(0, 31);
      gen.defaultRange.subtract(127, 65535);
      const out = gen.gen();
      if (regex.test(out) && out.length >= minLength && out.length <= maxLength) return out;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function fit(text: string, schema: Json): string {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  let out = text.length < min ? text + 'x'.repeat(min - text.length) : text;
  if (out.length > max) out = out.slice(0, max);
  return out;
}

function numberOf(schema: Json, integer: boolean): number {
  const exMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  let value =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : exMin !== undefined
        ? exMin + (integer ? 1 : 0.5)
        : 0;
  const max =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : exMax !== undefined
        ? exMax - (integer ? 1 : 0.5)
        : undefined;
  if (max !== undefined && value > max) value = max;
  if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0)
    value = Math.ceil(value / schema.multipleOf) * schema.multipleOf;
  return integer ? Math.ceil(value) : value;
}

/** A valid scalar for `schema` (enum, const, numbers, strings); undefined for non-scalars. */
export function scalarSample(schema: Json): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string': {
      if (typeof schema.pattern === 'string') {
        const matched = patternSample(
          schema.pattern,
          typeof schema.minLength === 'number' ? schema.minLength : 0,
          typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY,
        );
        if (matched !== undefined) return matched;
      }
      if (typeof schema.format === 'string') {
        const formatted = sample({ type: 'string', format: schema.format }, { quiet: true });
        if (typeof formatted === 'string') return fit(formatted, schema);
      }
      return fit('string', schema);
    }
    default:
      return undefined;
  }
}
