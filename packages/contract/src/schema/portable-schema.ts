// derivePortableSchema: the published (portable) view of a tool's full input schema, derived automatically.
import { isPlainObject, valueAt } from '../validation/json-type.js';
import type { JsonSchema } from '../tool/types.js';
import {
  describeConditional,
  describeDependentRequired,
  describeDependentSchema,
  describeNot,
  describeAlternatives,
  defaultNotes,
  formatNote,
  isRequiredOnly,
  json,
} from './portable-notes.js';
import { impliedType } from './implied-type.js';
import { PORTABLE_FORMATS } from './portable-rules.js';
import { isOpenMap, MAP_ENTRY_KEY, MAP_ENTRY_VALUE } from './open-map.js';

type Schema = Record<string, unknown>;

export interface PortableDerivation {
  /** The schema to publish in tools/list. */
  schema: JsonSchema;
  /**
   * Sentences for rules of the root object that the portable subset cannot carry (e.g. "Send exactly
   * one of sqlQuery or workflowId."); the caller appends them to the tool's description.
   */
  notes: string[];
}

interface Ctx {
  root: Schema;
  /** `$ref`s being inlined on the current path (a recursive reference stays a `$ref`, and fails the check). */
  resolving: ReadonlySet<string>;
  /** Below the root (the root is always an object of named arguments, never a map). */
  nested: boolean;
}

/** Keywords copied as they are, per type (the portable subset minus the ones handled below); others are dropped. */
const COPIED: Record<string, readonly string[]> = {
  string: ['pattern', 'minLength', 'maxLength'],
  number: ['minimum', 'maximum'],
  integer: ['minimum', 'maximum'],
  array: ['minItems', 'maxItems'],
};

/** What a schema that accepts any value publishes (every provider needs a type per node). */
const ANY_NOTE = 'Any JSON value.';
const anyValue = (): Schema => ({
  anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, freeObject()],
});
/**
 * An object with any keys. `additionalProperties: true` is said outright: mcp-use's converter turns an object
 * without it into a strict empty object and then refuses every value (the free-form `patch_listings_item` patch).
 */
const freeObject = (): Schema => ({ type: 'object', additionalProperties: true });

/** Validation keywords with no portable form and no generated sentence: one generic note. */
const OPAQUE = new Set([
  'patternProperties',
  'propertyNames',
  'contains',
  'minContains',
  'maxContains',
  'unevaluatedProperties',
  'unevaluatedItems',
  'prefixItems',
  'dependencies',
]);

const TYPE_KEYWORDS: Record<string, readonly string[]> = {
  string: ['minLength', 'maxLength', 'pattern', 'format'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  array: ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains'],
  object: [
    'properties',
    'required',
    'additionalProperties',
    'minProperties',
    'maxProperties',
    'dependentRequired',
    'dependentSchemas',
    'patternProperties',
    'propertyNames',
  ],
};

/**
 * The published view of a full schema: `$ref` inlined, unions of `required`-only branches and other
 * unportable rules turned into description sentences, `type` arrays into anyOf branches (nullable =
 * `anyOf: [X, {type: "null"}]`), examples removed. The full schema keeps validating every call.
 */
export function derivePortableSchema(full: JsonSchema): PortableDerivation {
  const ctx: Ctx = { root: full, resolving: new Set(), nested: false };
  const notes: string[] = [];
  // MCP tool arguments are always an object: a typeless root is one.
  const rooted = full.type === undefined ? { ...full, type: 'object' } : full;
  const schema = convert(rooted, ctx, notes);
  if (!isPlainObject(schema)) return { schema: { type: 'object', properties: {} }, notes };
  if (schema.type === undefined && schema.anyOf === undefined) schema.type = 'object';
  if (schema.type === 'object' && schema.properties === undefined) schema.properties = {};
  return { schema, notes };
}

/** An own property even for `__proto__` (plain assignment would set the prototype and lose the property). */
const setOwn = (target: Schema, key: string, value: unknown): void => {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
};

/** Converts one node; `notes` receives sentences for this node's own unportable rules. */
function convert(raw: unknown, ctx: Ctx, notes: string[]): unknown {
  const input = raw === true ? {} : raw;
  if (!isPlainObject(input)) return input;
  const inlined = inlineRef(input, ctx);
  if (!isPlainObject(inlined.node)) return inlined.node;
  // A recursive or external $ref stays unresolved: published as any value, validated in full.
  if (typeof inlined.node.$ref === 'string') notes.push('Further rules apply (checked by the server).');
  const node = mergeAllOf(inlined.node, inlined.ctx);
  const c = inlined.ctx;
  if (Array.isArray(node.type) && node.type.length !== 1) return splitTypes(node, c, notes);
  if (c.nested && isOpenMap(node)) return mapEntries(node, c, notes);
  const out: Schema = {};
  const own: string[] = [];
  const type = Array.isArray(node.type)
    ? node.type[0]
    : (node.type ?? impliedType(node) ?? unionType(node, c));
  if (typeof type === 'string') out.type = type;
  if (typeof node.title === 'string') out.title = node.title;
  if (typeof node.description === 'string') out.description = node.description;
  for (const key of COPIED[String(type)] ?? []) if (node[key] !== undefined) out[key] = node[key];
  if (type === 'object') convertObject(node, out, c, own);
  if (type === 'array') convertArray(node, out, c, own);
  convertValues(node, out, own);
  convertNumbers(node, out, own);
  convertCombinators(node, out, c, own);
  // A nested object that names no key and closes none is free-form: said outright (see freeObject).
  if (c.nested && out.type === 'object' && out.additionalProperties === undefined && !hasKeys(out.properties))
    out.additionalProperties = true;
  for (const key of Object.keys(node))
    if (OPAQUE.has(key)) own.push('Further rules apply (checked by the server).');
  if (out.type === undefined && out.anyOf === undefined)
    Object.assign(out, typesOfValues(node) ?? anyValue());
  notes.push(...new Set(own));
  return out;
}

/** A typeless enum/const: one anyOf branch per JSON type among its values. */
function typesOfValues(node: Schema): Schema | undefined {
  const values = Array.isArray(node.enum) ? node.enum : node.const !== undefined ? [node.const] : undefined;
  if (!values || values.length === 0) return undefined;
  const types = [
    ...new Set(
      values.map((v) =>
        v === null ? 'null' : Number.isInteger(v) ? 'integer' : Array.isArray(v) ? 'array' : typeof v,
      ),
    ),
  ];
  return { anyOf: types.map((t) => (t === 'array' ? { type: t, items: anyValue() } : { type: t })) };
}

/**
 * Appends a node's notes to its description (used for every node below the root). An `optional` node (a
 * property the object does not require) publishes a nullable union as its non-null branch (collapseNullable).
 */
function child(input: unknown, ctx: Ctx, optional = false): unknown {
  const notes: string[] = [];
  if (input === true || (isPlainObject(input) && Object.keys(input).length === 0)) notes.push(ANY_NOTE);
  const converted = convert(input, { ...ctx, nested: true }, notes);
  const out = optional && isPlainObject(converted) ? collapseNullable(converted, notes) : converted;
  if (isPlainObject(out)) {
    liftNullable(out, notes);
    liftBranchChoices(out, notes);
  }
  if (notes.length > 0 && isPlainObject(out)) {
    out.description = [out.description, ...notes].filter((s) => typeof s === 'string' && s !== '').join(' ');
  }
  return out;
}

/**
 * An optional property `anyOf: [X, {type: "null"}]` is published as X, its null said in words: LangChain keeps
 * only a node's own keys, so the union left it typeless (no type, enum or bounds: 52 nodes in ads all+writes),
 * and mcp-use turned it into a type array that Gemini refuses. Leaving the property out is the portable way to
 * send nothing; the full schema still accepts null (a client that sends it is not refused).
 */
function collapseNullable(out: Schema, notes: string[]): Schema {
  if (!Array.isArray(out.anyOf) || out.anyOf.length !== 2) return out;
  const values = out.anyOf.filter((b) => !(isPlainObject(b) && b.type === 'null'));
  const [branch] = values;
  if (values.length !== 1 || !isPlainObject(branch) || Array.isArray(branch.anyOf)) return out;
  const { anyOf: _anyOf, ...own } = out;
  const collapsed: Schema = { ...branch, ...own };
  const descriptions = [own.description, branch.description].filter(
    (d, i, all): d is string => typeof d === 'string' && d !== '' && all.indexOf(d) === i,
  );
  if (descriptions.length > 0) collapsed.description = descriptions.join(' ');
  notes.push('Or null.');
  return collapsed;
}

/**
 * The nullable form `anyOf: [X, {type: "null"}]` keeps its meaning through converters that drop unions
 * (LangChain keeps only the node's own keys): X's description and enum are also said on the node itself.
 */
function liftNullable(out: Schema, notes: string[]): void {
  if (!Array.isArray(out.anyOf)) return;
  const values = out.anyOf.filter((b) => !(isPlainObject(b) && b.type === 'null'));
  const [branch] = values;
  if (values.length !== 1 || values.length === out.anyOf.length || !isPlainObject(branch)) return;
  if (typeof branch.description === 'string' && branch.description !== out.description) {
    notes.unshift(branch.description);
    delete branch.description;
  }
  if (Array.isArray(branch.enum)) notes.push(`One of: ${branch.enum.map(String).join(', ')}, or null.`);
}

const CHOICE_SENTENCE = /Send (?:exactly|at least) one of [^.]*\./g;

/**
 * A choice stated inside an object branch of a union ("Send exactly one of a or b.") is also said on the
 * union node: LangChain merges object branches into the node and keeps only the node's own description.
 */
function liftBranchChoices(out: Schema, notes: string[]): void {
  if (!Array.isArray(out.anyOf)) return;
  for (const branch of out.anyOf)
    if (isPlainObject(branch) && branch.type === 'object' && typeof branch.description === 'string')
      for (const sentence of branch.description.match(CHOICE_SENTENCE) ?? [])
        if (!notes.includes(sentence)) notes.push(sentence);
}

function inlineRef(node: Schema, ctx: Ctx): { node: unknown; ctx: Ctx } {
  const ref = node.$ref;
  if (typeof ref !== 'string') return { node, ctx };
  if (!ref.startsWith('#') || ctx.resolving.has(ref)) return { node, ctx };
  const target = valueAt(ctx.root, decodeURIComponent(ref.slice(1)));
  if (target === undefined) return { node, ctx };
  const { $ref: _ref, ...siblings } = node;
  const next: Ctx = { ...ctx, resolving: new Set([...ctx.resolving, ref]) };
  if (target === false) return { node: false, ctx: next };
  const merged = isPlainObject(target) ? { ...target, ...siblings } : siblings;
  return inlineRef(merged, next);
}

/** allOf branches are merged into the node: properties joined, required unioned, other keys kept first-wins. */
function mergeAllOf(node: Schema, ctx: Ctx): Schema {
  if (!Array.isArray(node.allOf)) return node;
  const { allOf, ...rest } = node;
  const out: Schema = { ...rest };
  for (const raw of allOf) {
    const branch = isPlainObject(raw) ? inlineRef(raw, ctx).node : raw;
    if (!isPlainObject(branch)) continue;
    const merged = mergeAllOf(branch, ctx);
    for (const [key, value] of Object.entries(merged)) {
      if (key === 'properties' && isPlainObject(value))
        out.properties = { ...value, ...(isPlainObject(out.properties) ? out.properties : {}) };
      else if (key === 'required' && Array.isArray(value))
        out.required = [...new Set([...(Array.isArray(out.required) ? out.required : []), ...value])];
      else if (key === 'description' && typeof out.description === 'string' && out.description !== value)
        out.description = `${out.description} ${String(value)}`;
      else if (!(key in out)) out[key] = value;
    }
  }
  return out;
}

/** `type: ["string", "null"]` → `anyOf: [{type: "string", …}, {type: "null"}]`, each branch with its keywords. */
function splitTypes(node: Schema, ctx: Ctx, notes: string[]): Schema {
  const types = (node.type as unknown[]).filter((t): t is string => typeof t === 'string');
  const out: Schema = {};
  if (typeof node.description === 'string') out.description = node.description;
  if (typeof node.title === 'string') out.title = node.title;
  out.anyOf = types.map((t) => {
    const branch: Schema = { type: t };
    for (const key of TYPE_KEYWORDS[t] ?? []) if (node[key] !== undefined) branch[key] = node[key];
    // The null branch allows only null already: its enum value would only add "Must be null.".
    if (Array.isArray(node.enum) && t !== 'null') {
      const values = node.enum.filter((v) => matchesType(v, t));
      if (values.length > 0) branch.enum = values;
    }
    return child(branch, ctx);
  });
  notes.push(...defaultNotes(node));
  return out;
}

/** Whether an enum value belongs to a branch of this type (never the null branch: splitTypes skips it). */
function matchesType(value: unknown, type: string): boolean {
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'array') return Array.isArray(value);
  if (type === 'object') return isPlainObject(value);
  return typeof value === type;
}

function convertObject(node: Schema, out: Schema, ctx: Ctx, notes: string[]): void {
  if (isPlainObject(node.properties)) {
    const properties: Schema = {};
    for (const [key, value] of Object.entries(node.properties)) {
      if (value === false) continue; // a forbidden key: nothing to publish, the server refuses it
      const optional = !(Array.isArray(node.required) && node.required.includes(key));
      setOwn(properties, key, child(value, ctx, optional));
    }
    out.properties = properties;
  }
  if (Array.isArray(node.required)) {
    const declared = isPlainObject(out.properties) ? out.properties : {};
    const kept = node.required.filter((k) => typeof k === 'string' && Object.hasOwn(declared, k));
    const hidden = node.required.filter((k) => !kept.includes(k));
    if (kept.length > 0) out.required = kept;
    if (hidden.length > 0) notes.push(`Also required: ${hidden.map(String).join(', ')}.`);
  }
  const extra = node.additionalProperties;
  if (extra === false) out.additionalProperties = false;
  else if (isPlainObject(extra) && Object.keys(extra).length > 0)
    out.additionalProperties = child(extra, ctx);
  if (typeof node.minProperties === 'number') notes.push(`At least ${node.minProperties} entries.`);
  if (typeof node.maxProperties === 'number') notes.push(`At most ${node.maxProperties} entries.`);
  if (isPlainObject(node.dependentRequired)) notes.push(...describeDependentRequired(node.dependentRequired));
  if (isPlainObject(node.dependentSchemas)) {
    for (const [key, value] of Object.entries(node.dependentSchemas))
      notes.push(describeDependentSchema(key, value));
  }
}

function convertArray(node: Schema, out: Schema, ctx: Ctx, notes: string[]): void {
  if (isPlainObject(node.items) || node.items === true) out.items = child(node.items, ctx);
  else {
    if (Array.isArray(node.items)) notes.push('Further rules apply (checked by the server).');
    out.items = anyValue(); // Gemini: "items: missing field"
  }
  if (node.uniqueItems === true) notes.push('Items must be unique.');
}

function convertValues(node: Schema, out: Schema, notes: string[]): void {
  const values = Array.isArray(node.enum) ? node.enum : node.const !== undefined ? [node.const] : undefined;
  if (values !== undefined) {
    const portable = out.type === 'string' && values.every((v) => typeof v === 'string' && v !== '');
    if (portable && values.length > 0) out.enum = [...values];
    else if (values.length === 1) notes.push(`Must be ${json(values[0])}.`);
    else notes.push(`One of: ${values.map(json).join(', ')}.`);
  }
  if (node.format !== undefined) {
    if (out.type === 'string' && PORTABLE_FORMATS.has(String(node.format))) out.format = node.format;
    else notes.push(formatNote(String(node.format)));
  }
  notes.push(...defaultNotes(node));
}

function convertNumbers(node: Schema, out: Schema, notes: string[]): void {
  const integer = out.type === 'integer';
  const { exclusiveMinimum: xmin, exclusiveMaximum: xmax, multipleOf } = node;
  if (typeof xmin === 'number') {
    if (integer)
      out.minimum = Math.max(Math.floor(xmin) + 1, typeof out.minimum === 'number' ? out.minimum : -Infinity);
    else notes.push(`Must be greater than ${xmin}.`);
  }
  if (typeof xmax === 'number') {
    if (integer)
      out.maximum = Math.min(Math.ceil(xmax) - 1, typeof out.maximum === 'number' ? out.maximum : Infinity);
    else notes.push(`Must be less than ${xmax}.`);
  }
  if (typeof multipleOf === 'number') notes.push(`Must be a multiple of ${multipleOf}.`);
}

/** oneOf/anyOf/not/if: alternatives of `required` lists become sentences; typed unions stay as anyOf. */
function convertCombinators(node: Schema, out: Schema, ctx: Ctx, notes: string[]): void {
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = node[key];
    if (!Array.isArray(list)) continue;
    const branches = list.map((b) => (isPlainObject(b) ? inlineRef(b, ctx).node : b));
    const exactlyOne = key === 'oneOf';
    if (branches.every(isRequiredOnly)) {
      notes.push(
        describeAlternatives(
          branches.map((b) => (b as Schema).required as string[]),
          exactlyOne,
        ),
      );
    } else if (out.type === 'object' && branches.every(isObjectBranch)) {
      mergeObjectBranches(branches as Schema[], out, ctx);
      notes.push(describeAlternatives(branches.map(branchKeys), exactlyOne));
    } else if (out.type !== undefined) {
      // A union under a typed node only narrows that type: publish the type, the server checks the rest.
      notes.push('Further rules apply (checked by the server).');
    } else {
      const converted = branches.map((b) => child(b, ctx));
      const all = [...(Array.isArray(out.anyOf) ? out.anyOf : []), ...converted];
      // Branches that only became objects once converted (allOf, $ref, nested unions) merge the same way.
      if (all.length > 1 && all.every(isPublishedObject)) {
        delete out.anyOf;
        out.type = 'object';
        const properties: Schema = {};
        for (const branch of all)
          for (const [key, value] of Object.entries((branch as Schema).properties as Schema))
            if (!Object.hasOwn(properties, key)) setOwn(properties, key, value);
        out.properties = properties;
        notes.push(describeAlternatives(all.map(branchKeys), exactlyOne));
      } else out.anyOf = all;
    }
  }
  if (node.not !== undefined) notes.push(describeNot(node.not));
  if (node.if !== undefined) notes.push(describeConditional(node.if, node.then, node.else));
}

/**
 * A typeless node whose oneOf/anyOf branches are all objects is an object: its branches merge into one
 * object and the choice becomes a sentence, as at the root. A nested union of objects would otherwise be
 * flattened by LangChain (losing "exactly one of") and emptied on its Gemini path (losing every property).
 */
function unionType(node: Schema, ctx: Ctx): string | undefined {
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = node[key];
    if (!Array.isArray(list) || list.length === 0) continue;
    const branches = list.map((b) =>
      isPlainObject(b) ? mergeAllOf(inlineRef(b, ctx).node as Schema, ctx) : b,
    );
    if (branches.every(isObjectBranch)) return 'object';
  }
  return undefined;
}

/** An open map, published as `[{key, value}]` entries (see isOpenMap); the pipeline decodes them. */
function mapEntries(node: Schema & { additionalProperties: Schema }, ctx: Ctx, notes: string[]): Schema {
  const out: Schema = { type: 'array' };
  if (typeof node.title === 'string') out.title = node.title;
  const own = ['A map, as {key, value} entries.'];
  if (typeof node.minProperties === 'number') own.push(`At least ${node.minProperties} entries.`);
  if (typeof node.maxProperties === 'number') own.push(`At most ${node.maxProperties} entries.`);
  out.description = [node.description, ...own].filter((s) => typeof s === 'string' && s !== '').join(' ');
  out.items = {
    type: 'object',
    properties: {
      [MAP_ENTRY_KEY]: { type: 'string' },
      [MAP_ENTRY_VALUE]: child(node.additionalProperties, ctx),
    },
    required: [MAP_ENTRY_KEY, MAP_ENTRY_VALUE],
  };
  notes.push(...defaultNotes(node));
  return out;
}

const hasKeys = (properties: unknown): boolean =>
  isPlainObject(properties) && Object.keys(properties).length > 0;

const isPublishedObject = (branch: unknown): boolean =>
  isPlainObject(branch) && branch.type === 'object' && isPlainObject(branch.properties);

function isObjectBranch(branch: unknown): boolean {
  return (
    isPlainObject(branch) &&
    (branch.type === 'object' || branch.type === undefined) &&
    isPlainObject(branch.properties)
  );
}

function branchKeys(branch: unknown): string[] {
  const b = branch as Schema;
  const required = Array.isArray(b.required) ? b.required.map(String) : [];
  return required.length > 0 ? required : Object.keys(b.properties as Schema);
}

/** The properties of every object branch become optional properties of the node. */
function mergeObjectBranches(branches: Schema[], out: Schema, ctx: Ctx): void {
  const properties: Schema = isPlainObject(out.properties) ? out.properties : {};
  for (const branch of branches) {
    for (const [key, value] of Object.entries(branch.properties as Schema)) {
      if (!Object.hasOwn(properties, key) && value !== false)
        setOwn(properties, key, child(value, ctx, true));
    }
  }
  out.properties = properties;
}
