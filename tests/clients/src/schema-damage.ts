// What a client library's schema conversion lost between the published inputSchema and the wire schema.

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Counts per kind of constraint; `parameters` are property paths (`body.products[].asin`). */
export interface SchemaFacts {
  parameters: Set<string>;
  /** Each `enum` list, as its values. */
  enums: unknown[][];
  /** Every description, to find a constraint stated in words. */
  descriptions: string[];
  bounds: number;
  /** The distinct "exactly one of …" / "at least one of …" sentences: how a choice is stated. */
  choices: Set<string>;
}

export interface Damage {
  /** Property paths the wire schema no longer has. */
  parameters: string[];
  enums: number;
  bounds: number;
  choices: number;
}

const BOUNDS = ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'];
const CHOICE = /\b(?:exactly|at least) one of [^.]*\./gi;

/** Walks properties, items and anyOf branches (a branch adds no path segment). */
export function schemaFacts(schema: unknown): SchemaFacts {
  const facts: SchemaFacts = {
    parameters: new Set(),
    enums: [],
    descriptions: [],
    bounds: 0,
    choices: new Set(),
  };
  const visit = (node: unknown, path: string, depth: number) => {
    if (!isObject(node) || depth > 40) return;
    if (Array.isArray(node['enum'])) facts.enums.push(node['enum'] as unknown[]);
    if (typeof node['description'] === 'string') facts.descriptions.push(node['description']);
    for (const key of BOUNDS) if (typeof node[key] === 'number') facts.bounds++;
    if (typeof node['description'] === 'string')
      for (const sentence of node['description'].match(CHOICE) ?? []) facts.choices.add(sentence);
    if (isObject(node['properties']))
      for (const [name, sub] of Object.entries(node['properties'])) {
        const next = path === '' ? name : `${path}.${name}`;
        facts.parameters.add(next);
        visit(sub, next, depth + 1);
      }
    if (node['items'] !== undefined) visit(node['items'], `${path}[]`, depth + 1);
    for (const key of ['anyOf', 'oneOf'])
      if (Array.isArray(node[key]))
        for (const branch of node[key] as unknown[]) visit(branch, path, depth + 1);
  };
  visit(schema, '', 0);
  return facts;
}

/** What `wire` lost against `published`. */
export function schemaDamage(published: unknown, wire: unknown): Damage {
  const before = schemaFacts(published);
  const after = schemaFacts(wire);
  return {
    parameters: [...before.parameters].filter((p) => !after.parameters.has(p)),
    enums: before.enums.filter((values) => !keptEnum(values, after)).length,
    bounds: Math.max(0, before.bounds - after.bounds),
    choices: [...before.choices].filter((sentence) => !after.choices.has(sentence)).length,
  };
}

const sameValues = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((v) => b.includes(v));

/** An enum is kept when the wire still lists it, or a description names every one of its values. */
function keptEnum(values: unknown[], wire: SchemaFacts): boolean {
  if (wire.enums.some((other) => sameValues(values, other))) return true;
  return wire.descriptions.some((text) => values.every((v) => text.includes(String(v))));
}

export const isDamaged = (d: Damage) =>
  d.parameters.length > 0 || d.enums > 0 || d.bounds > 0 || d.choices > 0;

/**
 * Nested objects that may hold any keys with any values (`{type: "object"}` with no properties, also the object
 * branch of "any JSON value"): Gemini's `parameters` cannot state them, so LangChain's Gemini path sends them as
 * a property-less OBJECT (the reported rule †). Typed maps are published as entries and are not counted here.
 */
export function hasFreeFormObject(schema: unknown): boolean {
  let found = false;
  const visit = (node: unknown, root: boolean, depth: number) => {
    if (found || !isObject(node) || depth > 40) return;
    const properties = isObject(node['properties']) ? Object.keys(node['properties']) : [];
    if (!root && node['type'] === 'object' && properties.length === 0) found = true;
    if (isObject(node['properties']))
      for (const sub of Object.values(node['properties'])) visit(sub, false, depth + 1);
    if (node['items'] !== undefined) visit(node['items'], false, depth + 1);
    if (isObject(node['additionalProperties'])) visit(node['additionalProperties'], false, depth + 1);
    for (const key of ['anyOf', 'oneOf'])
      if (Array.isArray(node[key]))
        for (const branch of node[key] as unknown[]) visit(branch, false, depth + 1);
  };
  visit(schema, true, 0);
  return found;
}
