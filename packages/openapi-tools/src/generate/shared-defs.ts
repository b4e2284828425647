// Shared `$defs` for a committed file of schemas (a catalog file, a tool snapshot): a sub-schema of at least
// SHARED_MIN_CHARS that occurs twice or more is written once under the file's `$defs` and referenced as
// `{ "$ref": "#/$defs/<name>" }`. readCatalog (run time) inlines them again, so servers publish what they did.
import type { JsonSchemaObject } from '../catalog-types.js';

/** The smallest sub-schema (compact JSON characters) worth sharing: smaller ones stay inline, readable in place. */
export const SHARED_MIN_CHARS = 200;

/** Keywords whose value maps names to schemas, holds one schema, or lists schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties']);
const SCHEMA_ONE = new Set(['items', 'additionalProperties', 'not']);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf']);

const isSchema = (value: unknown): value is JsonSchemaObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A child schema, its name given its parent's (property name, `<parent>Item`, `<parent>Option<i>`), a setter. */
interface Child {
  schema: JsonSchemaObject;
  nameIn: (parent: string) => string;
  replace: (next: JsonSchemaObject) => void;
}

function childrenOf(node: JsonSchemaObject): Child[] {
  const out: Child[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (SCHEMA_MAPS.has(key) && isSchema(value)) {
      for (const [name, schema] of Object.entries(value))
        if (isSchema(schema))
          out.push({ schema, nameIn: () => name, replace: (next) => (value[name] = next) });
    } else if (SCHEMA_ONE.has(key) && isSchema(value)) {
      const suffix = key === 'items' ? 'Item' : 'Value';
      out.push({
        schema: value,
        nameIn: (parent) => `${parent}${suffix}`,
        replace: (next) => (node[key] = next),
      });
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      value.forEach((schema: unknown, i) => {
        if (isSchema(schema))
          out.push({
            schema,
            nameIn: (parent) => `${parent}Option${i}`,
            replace: (next) => (value[i] = next),
          });
      });
    }
  }
  return out;
}

/** Schemas as written: each root with its repeated sub-schemas as references into `$defs`. */
export interface SharedSchemas {
  roots: JsonSchemaObject[];
  /** Empty when nothing repeats. */
  $defs: Record<string, JsonSchemaObject>;
}

/**
 * The file's top-level schemas (`roots`, not changed) with each repeated sub-schema a `$ref` into `$defs`.
 * Deterministic: names come from the first occurrence in the order given, a taken name gets `_2`, `_3`, …
 */
export function shareDefs(schemas: readonly JsonSchemaObject[]): SharedSchemas {
  // A JSON copy: no sub-schema object is reachable twice, so rewriting one occurrence leaves the others alone.
  const roots = JSON.parse(JSON.stringify(schemas)) as JsonSchemaObject[];
  const counts = new Map<string, number>();
  const count = (node: JsonSchemaObject): void => {
    for (const { schema } of childrenOf(node)) {
      const text = JSON.stringify(schema);
      if (text.length >= SHARED_MIN_CHARS) counts.set(text, (counts.get(text) ?? 0) + 1);
      count(schema);
    }
  };
  for (const root of roots) count(root);

  const defs = new Map<string, JsonSchemaObject>();
  const nameOf = new Map<string, string>();
  const share = (node: JsonSchemaObject, nodeName: string): void => {
    for (const child of childrenOf(node)) {
      const text = JSON.stringify(child.schema);
      if ((counts.get(text) ?? 0) < 2) {
        share(child.schema, child.nameIn(nodeName));
        continue;
      }
      let name = nameOf.get(text);
      if (name === undefined) {
        const base = child.nameIn(nodeName).replace(/[^A-Za-z0-9_]/g, '_') || 'schema';
        name = base;
        for (let i = 2; defs.has(name); i++) name = `${base}_${i}`;
        nameOf.set(text, name);
        defs.set(name, child.schema);
        share(child.schema, name);
      }
      child.replace({ $ref: `${DEFS_POINTER}${name}` });
    }
  };
  for (const root of roots) share(root, '');
  inlineSingleUse(roots, defs);
  return { roots, $defs: Object.fromEntries(defs) };
}

const DEFS_POINTER = '#/$defs/';

const refName = (schema: JsonSchemaObject): string | undefined =>
  typeof schema.$ref === 'string' && schema.$ref.startsWith(DEFS_POINTER)
    ? schema.$ref.slice(DEFS_POINTER.length)
    : undefined;

/**
 * A schema repeated only inside one shared schema is counted once per copy but referenced once after sharing:
 * it goes back inline (and out of `defs`).
 */
function inlineSingleUse(roots: readonly JsonSchemaObject[], defs: Map<string, JsonSchemaObject>): void {
  const uses = new Map<string, number>();
  const count = (node: JsonSchemaObject): void => {
    for (const { schema } of childrenOf(node)) {
      const name = refName(schema);
      if (name === undefined) count(schema);
      else uses.set(name, (uses.get(name) ?? 0) + 1);
    }
  };
  for (const schema of [...roots, ...defs.values()]) count(schema);
  const inline = (node: JsonSchemaObject): void => {
    for (const child of childrenOf(node)) {
      const name = refName(child.schema);
      if (name === undefined) inline(child.schema);
      else if (uses.get(name) === 1) {
        // Referenced once in all: this is its only place, reached once (a def object inlined stays inlined).
        const def = defs.get(name)!;
        defs.delete(name);
        child.replace(def);
        inline(def);
      }
    }
  };
  for (const schema of [...roots, ...defs.values()]) inline(schema);
}
