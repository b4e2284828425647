// The portable-schema rules: what every provider path accepts in a published tool inputSchema.
import { isPlainObject } from '../validation/json-type.js';

/** One broken rule: which rule, where (JSON pointer into the published inputSchema), and why. */
export interface PortabilityViolation {
  rule: PortabilityRule;
  pointer: string;
  message: string;
}

/** The rule names (stable; docs/CONTRACT.md "Portable published schema" explains each). */
export const PORTABILITY_RULES = [
  'root-object',
  'root-combinator',
  'boolean-schema',
  'type-single',
  'keyword-allowed',
  'format-allowed',
  'enum-strings',
  'typed-node',
  'keyword-type',
  'array-items',
  'required-declared',
  'object-union',
  'open-map',
] as const;
export type PortabilityRule = (typeof PORTABILITY_RULES)[number];

/**
 * Keywords a published schema may use anywhere (the intersection of OpenAI, Anthropic and Gemini's
 * function-declaration subset; see docs/CONTRACT.md for the reason per keyword).
 */
export const PORTABLE_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'description',
  'title',
  'properties',
  'required',
  'items',
  'additionalProperties',
  'enum',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'anyOf',
]);

/** The only `format` value Gemini's Developer API accepts on a string besides `enum`. */
export const PORTABLE_FORMATS: ReadonlySet<string> = new Set(['date-time']);

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);
const ROOT_FORBIDDEN = ['oneOf', 'anyOf', 'allOf', 'not', 'if', 'then', 'else', 'enum', 'const'];

const pointerToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every violation of the rules in a published inputSchema; [] = portable. */
export function checkPortableSchema(schema: unknown): PortabilityViolation[] {
  const out: PortabilityViolation[] = [];
  const add = (rule: PortabilityRule, pointer: string, message: string) =>
    out.push({ rule, pointer, message });
  if (!isPlainObject(schema)) {
    add('root-object', '', 'the inputSchema is not a JSON object');
    return out;
  }
  if (schema.type !== 'object') add('root-object', '/type', 'the root must say type: "object"');
  if (!isPlainObject(schema.properties))
    add('root-object', '/properties', 'the root must have a properties object (may be empty)');
  for (const key of ROOT_FORBIDDEN) {
    if (key in schema)
      add('root-combinator', `/${key}`, `no top-level ${key}: OpenAI and Anthropic reject the whole request`);
  }
  walk(schema, '', add, { root: true });
  return out;
}

/** Where a node sits: below the root unless `root`; `{type: "null"}` is allowed only as an anyOf branch. */
interface Place {
  root?: true;
  /** True for the branches of an anyOf, where `{type: "null"}` is the nullable form. */
  nullAllowed?: true;
}

type Add = (rule: PortabilityRule, pointer: string, message: string) => void;

function walk(node: unknown, pointer: string, add: Add, place: Place): void {
  if (typeof node === 'boolean') {
    add('boolean-schema', pointer, `a bare ${node} schema (only additionalProperties: false is portable)`);
    return;
  }
  if (!isPlainObject(node)) {
    add('boolean-schema', pointer, 'a sub-schema is not a JSON object');
    return;
  }
  for (const key of Object.keys(node)) {
    if (PORTABLE_KEYWORDS.has(key)) continue;
    if (place.root && ROOT_FORBIDDEN.includes(key)) continue; // reported as root-combinator
    add('keyword-allowed', `${pointer}/${pointerToken(key)}`, `keyword ${key} is not in the portable subset`);
  }
  checkType(node, pointer, add, place);
  checkKeywordTypes(node, pointer, add);
  if (node.format !== undefined && !PORTABLE_FORMATS.has(String(node.format)))
    add(
      'format-allowed',
      `${pointer}/format`,
      `format ${JSON.stringify(node.format)} (only date-time is portable)`,
    );
  if (node.enum !== undefined) checkEnum(node, pointer, add);
  if (node.type === 'array' && node.items === undefined)
    add('array-items', `${pointer}/items`, 'an array schema needs items (Gemini: "items: missing field")');
  if (Array.isArray(node.required)) {
    const declared = isPlainObject(node.properties) ? node.properties : {};
    node.required.forEach((name, i) => {
      if (typeof name !== 'string' || !Object.hasOwn(declared, name))
        add(
          'required-declared',
          `${pointer}/required/${i}`,
          `required ${JSON.stringify(name)} is not a property`,
        );
    });
  }
  if (isPlainObject(node.properties)) {
    for (const [key, child] of Object.entries(node.properties))
      walk(child, `${pointer}/properties/${pointerToken(key)}`, add, {});
  }
  if (node.items !== undefined) walk(node.items, `${pointer}/items`, add, {});
  // `additionalProperties: true` (a free-form object) is portable: it is how mcp-use keeps the object open.
  if (node.additionalProperties !== undefined && typeof node.additionalProperties !== 'boolean')
    walk(node.additionalProperties, `${pointer}/additionalProperties`, add, {});
  if (!place.root) checkNestedObjects(node, pointer, add);
  if (!place.root && Array.isArray(node.anyOf)) {
    node.anyOf.forEach((branch, i) => {
      walk(branch, `${pointer}/anyOf/${i}`, add, { nullAllowed: true });
    });
  }
}

function checkType(node: Record<string, unknown>, pointer: string, add: Add, place: Place): void {
  const { type } = node;
  if (Array.isArray(type)) {
    add('type-single', `${pointer}/type`, `type is an array ${JSON.stringify(type)}: use anyOf branches`);
    return;
  }
  if (type === undefined) {
    if (!Array.isArray(node.anyOf) && !place.root)
      add('typed-node', pointer, 'a sub-schema without type (Gemini needs one; use anyOf for several)');
    return;
  }
  if (!(TYPES as ReadonlySet<unknown>).has(type)) {
    add('type-single', `${pointer}/type`, `unknown type ${JSON.stringify(type)}`);
    return;
  }
  if (type === 'null' && !place.nullAllowed)
    add('type-single', `${pointer}/type`, 'type null only as an anyOf branch (the nullable form)');
  if (Array.isArray(node.anyOf))
    add('typed-node', `${pointer}/anyOf`, 'type and anyOf on one node: put the type into each branch');
}

/** Gemini: "properties: only allowed for OBJECT type", and likewise for the other type-bound keywords. */
const TYPE_BOUND: Record<string, string> = {
  properties: 'object',
  required: 'object',
  additionalProperties: 'object',
  items: 'array',
  minItems: 'array',
  maxItems: 'array',
  pattern: 'string',
  minLength: 'string',
  maxLength: 'string',
  format: 'string',
};

function checkKeywordTypes(node: Record<string, unknown>, pointer: string, add: Add): void {
  for (const [key, type] of Object.entries(TYPE_BOUND)) {
    if (key in node && node.type !== type)
      add(
        'keyword-type',
        `${pointer}/${key}`,
        `${key} only on type: "${type}" (Gemini rejects it elsewhere)`,
      );
  }
  if (('minimum' in node || 'maximum' in node) && node.type !== 'integer' && node.type !== 'number') {
    add('keyword-type', pointer, 'minimum/maximum only on type integer or number');
  }
}

function checkEnum(node: Record<string, unknown>, pointer: string, add: Add): void {
  const values = node.enum;
  if (
    !Array.isArray(values) ||
    values.length === 0 ||
    !values.every((v) => typeof v === 'string' && v !== '')
  ) {
    add('enum-strings', `${pointer}/enum`, 'enum must list non-empty strings (Gemini enums are strings)');
    return;
  }
  if (node.type !== 'string') add('enum-strings', `${pointer}/enum`, 'enum only on type: "string"');
}

/**
 * What client converters damage below the root: a union of object branches (LangChain merges the branches,
 * so "exactly one of" disappears, and its Gemini path empties them) and an open map (LangChain's Gemini path
 * drops `additionalProperties`, leaving a property-less OBJECT that Gemini refuses).
 */
function checkNestedObjects(node: Record<string, unknown>, pointer: string, add: Add): void {
  const branches = node.anyOf;
  const isObject = (b: unknown) => isPlainObject(b) && b.type === 'object' && isPlainObject(b.properties);
  if (Array.isArray(branches) && branches.length > 1 && branches.every(isObject))
    add(
      'object-union',
      `${pointer}/anyOf`,
      'a union of objects below the root: merge it and say the choice in words',
    );
  const declared = isPlainObject(node.properties) ? Object.keys(node.properties).length : 0;
  if (node.type === 'object' && declared === 0 && isPlainObject(node.additionalProperties))
    add('open-map', pointer, 'an object with no properties (a map): publish it as {key, value} entries');
}
