// Sentences for schema rules the portable subset cannot carry (the server still enforces every one).
import { isPlainObject } from '../validation/json-type.js';

const GENERIC = 'Further rules apply (checked by the server).';

export const json = (value: unknown): string => JSON.stringify(value) ?? String(value);

const FORMATS: Record<string, string> = {
  date: 'Format: date, YYYY-MM-DD.',
  time: 'Format: time, HH:MM:SS.',
  email: 'Format: email address.',
  uri: 'Format: absolute URI.',
  uuid: 'Format: UUID.',
  duration: 'Format: ISO 8601 duration.',
  ipv4: 'Format: IPv4 address.',
  ipv6: 'Format: IPv6 address.',
  hostname: 'Format: host name.',
};

/**
 * `Default: <value>.` for a node with a default, unless its own description already names that value as the default
 * (the specs often do: "Default is CSV.", "Default: summaries.", "Default 20."); nothing for a node without one.
 */
export function defaultNotes(node: Readonly<Record<string, unknown>>): string[] {
  if (node.default === undefined) return [];
  const value = typeof node.default === 'string' ? node.default : json(node.default);
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const stated = new RegExp(`\\bdefault(?: value)?(?: is|:)?\\s+["'\`]?${escaped}(?![\\w-])`, 'i');
  return typeof node.description === 'string' && stated.test(node.description)
    ? []
    : [`Default: ${json(node.default)}.`];
}

export function formatNote(format: string): string {
  return FORMATS[format] ?? `Format: ${format}.`;
}

const list = (names: readonly string[], joiner: string): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${joiner} ${names.at(-1)}`;

/** `{required: [...]}` with nothing else that constrains (a description may ride along). */
export function isRequiredOnly(branch: unknown): branch is { required: unknown[] } {
  if (!isPlainObject(branch) || !Array.isArray(branch.required)) return false;
  return Object.keys(branch).every(
    (k) =>
      k === 'required' || k === 'description' || k === 'title' || (k === 'type' && branch.type === 'object'),
  );
}

/**
 * A oneOf/anyOf of required-only branches as data for an envelope: the alternatives, the keys the
 * arguments sent, and one sentence ("Send exactly one of sqlQuery or workflowId; got both.").
 */
export function requiredChoice(
  branches: unknown,
  value: unknown,
  exactlyOne: boolean,
): { alternatives: string[][]; present: string[]; rule: string } | undefined {
  if (!Array.isArray(branches) || branches.length === 0 || !branches.every(isRequiredOnly)) return undefined;
  const alternatives = branches.map((b) => b.required.map(String));
  const keys = [...new Set(alternatives.flat())];
  const present = isPlainObject(value) ? keys.filter((k) => Object.hasOwn(value, k)) : [];
  const got =
    present.length === 0
      ? 'none of them'
      : present.length === keys.length && keys.length === 2
        ? 'both'
        : list(present, 'and');
  return {
    alternatives,
    present,
    rule: `${describeAlternatives(alternatives, exactlyOne).slice(0, -1)}; got ${got}.`,
  };
}

/** [['sqlQuery'], ['workflowId']] → "Send exactly one of sqlQuery or workflowId." */
export function describeAlternatives(branches: readonly (readonly string[])[], exactlyOne: boolean): string {
  const options = branches.map((keys) => list(keys, 'and'));
  return `Send ${exactlyOne ? 'exactly one' : 'at least one'} of ${list(options, 'or')}.`;
}

/** {a: ['b', 'c']} → "When a is given, b and c are required too." */
export function describeDependentRequired(map: Record<string, unknown>): string[] {
  return Object.entries(map)
    .filter(([, needs]) => Array.isArray(needs) && needs.length > 0)
    .map(
      ([key, needs]) =>
        `When ${key} is given, ${list((needs as unknown[]).map(String), 'and')} ${(needs as unknown[]).length > 1 ? 'are' : 'is'} required too.`,
    );
}

/** A dependentSchemas entry: its own description, or what its required / forbidden properties say. */
export function describeDependentSchema(key: string, schema: unknown): string {
  if (!isPlainObject(schema)) return schema === false ? `Do not send ${key}.` : GENERIC;
  if (typeof schema.description === 'string') return schema.description;
  const parts: string[] = [];
  if (isPlainObject(schema.properties)) {
    const forbidden = Object.entries(schema.properties)
      .filter(([, v]) => v === false)
      .map(([k]) => k);
    if (forbidden.length > 0) parts.push(`${key} and ${list(forbidden, 'or')} exclude each other.`);
  }
  if (Array.isArray(schema.required) && schema.required.length > 0)
    parts.push(`When ${key} is given, ${list(schema.required.map(String), 'and')} must be given too.`);
  return parts.length > 0 ? parts.join(' ') : GENERIC;
}

/** `not: {required: [a, b]}` → "Do not send a and b together." */
export function describeNot(schema: unknown): string {
  if (!isPlainObject(schema)) return GENERIC;
  if (typeof schema.description === 'string') return schema.description;
  if (Array.isArray(schema.required) && Object.keys(schema).length === 1) {
    const keys = schema.required.map(String);
    return keys.length > 1 ? `Do not send ${list(keys, 'and')} together.` : `Do not send ${keys[0]}.`;
  }
  return GENERIC;
}

/** if/then/else: the branches' descriptions, or "When a is given, b must be given too." for required-only forms. */
export function describeConditional(condition: unknown, then: unknown, otherwise: unknown): string {
  const texts = [condition, then, otherwise]
    .filter(isPlainObject)
    .map((s) => s.description)
    .filter((d): d is string => typeof d === 'string');
  if (texts.length > 0) return texts.join(' ');
  const when =
    isPlainObject(condition) && Array.isArray(condition.required) ? condition.required.map(String) : [];
  const needs = isPlainObject(then) && Array.isArray(then.required) ? then.required.map(String) : [];
  if (when.length > 0 && needs.length > 0 && otherwise === undefined)
    return `When ${list(when, 'and')} ${when.length > 1 ? 'are' : 'is'} given, ${list(needs, 'and')} must be given too.`;
  return GENERIC;
}
