// Validation errors in the shape tools/list published: JSON pointers and expectations of the published inputSchema.
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { HintTables } from '../hints/tables.js';
import { encodeMapEntries } from '../normalize/map-entries.js';
import { isOpenMap, MAP_ENTRY_KEY, MAP_ENTRY_VALUE } from '../schema/open-map.js';
import { sharedAjv } from './ajv.js';
import { describeAjvErrors, type ValidationReport } from './describe.js';
import { isPlainObject } from './json-type.js';
import { publishedChild } from './schema-walk.js';

/** Maps inside maps inside maps: deeper levels keep the full-schema error. */
const MAX_MAP_DEPTH = 6;

/**
 * The server validates the full schema, on arguments whose open maps were decoded from the published
 * `[{key, value}]` entries (and keys renamed, unions merged: the full schema's shape). The agent was given the
 * published view, so every error is told in it:
 * - a path through a decoded map names the entry: `reportOptions/reportPeriod` → `reportOptions/0/value`;
 * - a map the pipeline could not decode (a malformed entry, a wrong type) is judged as the published list of
 *   entries: `reportOptions/1/key` "must be string", not "expected object, received array" at the map;
 * - values are read from the arguments in the published shape (what the agent sent).
 * Unions and renamed keys need no mapping: the published view merges union branches into one object with
 * every branch's properties, and a renamed key's path is the published (canonical) name.
 */
export function describeInPublishedShape(
  errors: readonly ErrorObject[],
  args: unknown,
  schema: unknown,
  tables?: HintTables,
): ValidationReport {
  const schemaOf = new Map<ErrorObject, unknown>();
  const mapped = inPublishedShape(errors, args, schema, '', schemaOf, 0);
  return describeAjvErrors(mapped, encodeMapEntries(args, schema), schema, tables, schemaOf);
}

interface Located {
  /** The error's instance path in the published shape. */
  pointer: string;
  /** Set when the path reaches an open map whose value is not a decoded object. */
  undecoded?: {
    pointer: string;
    map: Record<string, unknown> & { additionalProperties: unknown };
    value: unknown;
  };
}

const escapeSegment = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapeSegment = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** Walks `instancePath` through the schema and the (decoded) value, naming entries where maps are published as lists. */
function locate(instancePath: string, schema: unknown, value: unknown): Located {
  const segments = instancePath === '' ? [] : instancePath.slice(1).split('/').map(unescapeSegment);
  const out: string[] = [];
  let node: unknown = schema;
  let current: unknown = value;
  const here = () => out.map((s) => `/${escapeSegment(s)}`).join('');
  // The root is never a map (tool arguments are an object; a nested level's root is the list of entries).
  for (let i = 0; i <= segments.length; i++) {
    if (i > 0 && isOpenMap(node)) {
      if (!isPlainObject(current))
        return { pointer: here(), undecoded: { pointer: here(), map: node, value: current } };
      const key = segments[i];
      // Past the last segment (an error at the map itself) no key matches: the pointer stays the map's.
      const index = Object.keys(current).findIndex((k) => k === key);
      if (index < 0) {
        out.push(...segments.slice(i));
        break;
      }
      out.push(String(index), MAP_ENTRY_VALUE);
      node = node.additionalProperties;
      current = current[key as string];
      continue;
    }
    const key = segments[i];
    if (key === undefined) break;
    out.push(key);
    // Inside a list every segment is an index (ajv's paths); a numeric key of an object stays a name.
    node = publishedChild(node, Array.isArray(current) ? Number(key) : key);
    current =
      isPlainObject(current) || Array.isArray(current)
        ? (current as Record<string, unknown>)[key]
        : undefined;
  }
  return { pointer: here() };
}

const entryValidators = new WeakMap<object, ValidateFunction | undefined>();

/** The published form of one open map, as a schema the full validator can judge: a list of exactly-{key, value}. */
function entriesSchema(map: Record<string, unknown> & { additionalProperties: unknown }) {
  return {
    type: 'array',
    items: {
      type: 'object',
      properties: {
        [MAP_ENTRY_KEY]: isPlainObject(map.propertyNames)
          ? { type: 'string', ...map.propertyNames }
          : { type: 'string' },
        [MAP_ENTRY_VALUE]: map.additionalProperties,
      },
      required: [MAP_ENTRY_KEY, MAP_ENTRY_VALUE],
      additionalProperties: false,
    },
  };
}

/** The map's entries validator, compiled once per map; undefined when its schema compiles only inside its tool. */
function entriesValidator(map: Record<string, unknown> & { additionalProperties: unknown }) {
  if (!entryValidators.has(map)) {
    let validate: ValidateFunction | undefined;
    try {
      validate = sharedAjv().compile(entriesSchema(map));
    } catch {
      // A value schema that compiles only inside its tool (a `$ref` to the root): keep the full-schema error.
    }
    entryValidators.set(map, validate);
  }
  return entryValidators.get(map);
}

function inPublishedShape(
  errors: readonly ErrorObject[],
  args: unknown,
  schema: unknown,
  prefix: string,
  schemaOf: Map<ErrorObject, unknown>,
  level: number,
): ErrorObject[] {
  const out: ErrorObject[] = [];
  const judged = new Set<string>();
  for (const error of errors) {
    const where = locate(error.instancePath, schema, args);
    const undecoded = where.undecoded;
    const validate = undecoded && level < MAX_MAP_DEPTH ? entriesValidator(undecoded.map) : undefined;
    if (undecoded && validate) {
      if (judged.has(undecoded.pointer)) continue;
      judged.add(undecoded.pointer);
      if (validate(undecoded.value)) continue;
      // ajv sets `errors` whenever a validation fails.
      const sub = inPublishedShape(
        validate.errors as ErrorObject[],
        undecoded.value,
        validate.schema,
        `${prefix}${undecoded.pointer}`,
        schemaOf,
        level + 1,
      );
      // Each of them already names the schema it was judged against (below, at its own level).
      out.push(...sub);
      continue;
    }
    const moved = { ...error, instancePath: `${prefix}${where.pointer}` };
    schemaOf.set(moved, schema);
    out.push(moved);
  }
  return out;
}
